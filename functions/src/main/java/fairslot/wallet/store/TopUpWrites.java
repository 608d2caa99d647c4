package fairslot.wallet.store;

import static fairslot.table.Attr.s;

import fairslot.money.domain.Payment;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import fairslot.wallet.domain.TopUp;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** The one builder of a top-up item's writes and conditions. */
final class TopUpWrites {
  private final String table;

  TopUpWrites(String table) {
    this.table = table;
  }

  /** The unpaid top-up names its payment, on condition it names none yet. */
  TransactWriteItem namePayment(TopUp t, Payment payment) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(TopUpItemMapper.key(t.userId(), t.topUpId()))
            .updateExpression("SET paymentNo = :p")
            .conditionExpression("#status = :pending AND attribute_not_exists(paymentNo)")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":p", s(payment.paymentNo()), ":pending", s(TopUp.Status.PENDING_PAY.name())))
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /** PENDING_PAY to PAID by {@code payment}, on condition it is unpaid and names it (or none). */
  TransactWriteItem paid(TopUp t, Payment payment) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(TopUpItemMapper.key(t.userId(), t.topUpId()))
            .updateExpression("SET #status = :paid, paymentNo = :p")
            .conditionExpression(
                "#status = :pending AND (paymentNo = :p OR attribute_not_exists(paymentNo))")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":p",
                    s(payment.paymentNo()),
                    ":pending",
                    s(TopUp.Status.PENDING_PAY.name()),
                    ":paid",
                    s(TopUp.Status.PAID.name()))));
  }

  /** A failed payment forgotten: the member may pay again. */
  TransactWriteItem forget(TopUp t, Payment payment) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(TopUpItemMapper.key(t.userId(), t.topUpId()))
            .updateExpression("REMOVE paymentNo")
            .conditionExpression("#status = :pending AND paymentNo = :p")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":p", s(payment.paymentNo()), ":pending", s(TopUp.Status.PENDING_PAY.name()))));
  }

  /** An erased member's top-up, as read, moved to the pseudonym's partition: [delete, put]. */
  List<TransactWriteItem> giveToPseudonym(Map<String, AttributeValue> read, String pseudonym) {
    Map<String, AttributeValue> moved = new HashMap<>(read);
    moved.put(Keys.PK, s(Keys.member(pseudonym)));
    moved.put("userId", s(pseudonym));
    return List.of(
        TxItems.delete(
            Delete.builder()
                .tableName(table)
                .key(Map.of(Keys.PK, read.get(Keys.PK), Keys.SK, read.get(Keys.SK)))
                .conditionExpression("#status = :status")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":status", read.get("status")))),
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(moved)
                .conditionExpression("attribute_not_exists(PK)")));
  }
}
