package fairslot.payment.store;

import fairslot.money.domain.Payment;
import fairslot.money.store.PaymentItemMapper;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Where a new payment is listed, in the transaction that makes it: under its booking's key (GET
 * /bookings/{id}/payments) and under its payer's (their export and erasure, whoever holds the
 * booking later: API.md v1.3).
 */
final class PaymentLinks {
  private final String table;

  PaymentLinks(String table) {
    this.table = table;
  }

  List<TransactWriteItem> of(Payment payment) {
    return List.of(
        put(PaymentItemMapper.bookingLink(payment)), put(PaymentItemMapper.payerLink(payment)));
  }

  private TransactWriteItem put(Map<String, AttributeValue> item) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(item).build())
        .build();
  }
}
