package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;
import static fairslot.store.dynamodb.Attr.str;

import fairslot.domain.Money;
import fairslot.domain.Payment;
import fairslot.domain.PaymentStatus;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The payment item: amount snapshot, status, refund attempts, and sparse refundsDue keys while a
 * refund is owed.
 */
final class PaymentItemMapper {
  private PaymentItemMapper() {}

  static Map<String, AttributeValue> toItem(Payment p) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.payment(p.paymentNo()), "PAYMENT"));
    item.put("type", s("PAYMENT"));
    item.put("paymentNo", s(p.paymentNo()));
    item.put("bookingId", s(p.bookingId()));
    item.put("userId", s(p.userId()));
    item.put("amountMinor", n(p.amount().minor()));
    item.put("currency", s(p.amount().currency()));
    item.put("provider", s(p.provider()));
    item.put("status", s(p.status().name()));
    item.put("refundAttempts", n(p.refundAttempts()));
    item.put("createdAt", millis(p.createdAt()));
    item.put("refundRound", n(p.refundRound()));
    return item;
  }

  static Payment fromItem(Map<String, AttributeValue> item) {
    return new Payment(
        str(item, "paymentNo"),
        str(item, "bookingId"),
        str(item, "userId"),
        new Money(Attr.num(item, "amountMinor"), str(item, "currency")),
        str(item, "provider"),
        PaymentStatus.valueOf(str(item, "status")),
        Attr.integer(item, "refundAttempts"),
        Attr.instant(item, "createdAt"),
        Math.toIntExact(Attr.numOr(item, "refundRound", 0)));
  }
}
