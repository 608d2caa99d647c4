package fairslot.membership.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.membership.domain.Membership;
import fairslot.money.domain.Payment;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** The one builder of a membership item's writes and conditions. */
final class MembershipWrites {
  private final String table;

  MembershipWrites(String table) {
    this.table = table;
  }

  TransactWriteItem create(Membership m) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(MembershipItemMapper.toItem(m))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /** The unpaid membership names its first payment, on condition it names none yet. */
  TransactWriteItem namePayment(Membership m, Payment payment) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(MembershipItemMapper.key(m.userId(), m.membershipId()))
            .updateExpression("SET paymentNo = :p, version = version + :one")
            .conditionExpression("#status = :pending AND attribute_not_exists(paymentNo)")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":p",
                    s(payment.paymentNo()),
                    ":pending",
                    s(Membership.Status.PENDING_PAY),
                    ":one",
                    n(1)))
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /** A failed first payment forgotten, on condition it is still named: the member may pay again. */
  TransactWriteItem forget(Membership m, Payment payment) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(MembershipItemMapper.key(m.userId(), m.membershipId()))
            .updateExpression("REMOVE paymentNo SET version = version + :one")
            .conditionExpression("#status = :pending AND paymentNo = :p")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":p",
                    s(payment.paymentNo()),
                    ":pending",
                    s(Membership.Status.PENDING_PAY),
                    ":one",
                    n(1))));
  }

  /** An ended membership, as read, moved to the pseudonym's partition: [delete, put]. */
  List<TransactWriteItem> giveToPseudonym(Map<String, AttributeValue> read, String pseudonym) {
    Map<String, AttributeValue> moved = new HashMap<>(read);
    moved.put(Keys.PK, s(Keys.member(pseudonym)));
    moved.put("userId", s(pseudonym));
    return List.of(
        TxItems.delete(
            Delete.builder()
                .tableName(table)
                .key(Map.of(Keys.PK, read.get(Keys.PK), Keys.SK, read.get(Keys.SK)))
                .conditionExpression("version = :v")
                .expressionAttributeValues(Map.of(":v", read.get("version")))),
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(moved)
                .conditionExpression("attribute_not_exists(PK)")));
  }

  /**
   * {@code seen} becomes {@code after}: every attribute that moves is written, its place in the
   * renewal job's index set or removed, on condition it is at the version read.
   */
  TransactWriteItem move(Membership seen, Membership after) {
    Map<String, AttributeValue> values = new HashMap<>();
    Map<String, String> names = new HashMap<>();
    List<String> sets = new ArrayList<>();
    Map<String, AttributeValue> state = new HashMap<>(MembershipItemMapper.state(after));
    after.dueAt().ifPresent(at -> state.putAll(MembershipItemMapper.due(after, at)));
    state.remove("version"); // set below, beside its condition
    int i = 0;
    for (var e : state.entrySet()) {
      names.put("#a" + i, e.getKey());
      values.put(":a" + i, e.getValue());
      sets.add("#a" + i + " = :a" + i);
      i++;
    }
    List<String> removes = new ArrayList<>();
    if (after.dueAt().isEmpty()) {
      removes.add("passDueShard");
      removes.add("passDueAt");
    }
    if (after.paymentNo().isEmpty()) {
      removes.add("paymentNo");
    }
    names.put("#v", "version");
    values.put(":seen", n(seen.version()));
    values.put(":next", n(after.version()));
    sets.add("#v = :next");
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(MembershipItemMapper.key(seen.userId(), seen.membershipId()))
            .updateExpression(
                "SET "
                    + String.join(", ", sets)
                    + (removes.isEmpty() ? "" : " REMOVE " + String.join(", ", removes)))
            .conditionExpression("#v = :seen")
            .expressionAttributeNames(names)
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }
}
