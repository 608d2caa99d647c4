package fairslot.money.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.kernel.Change;
import fairslot.money.domain.MoneyMove;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A payment's audit records. A move that moved money ({@link MoneyMove#of}) also carries the
 * moneyMoves index's fields, so the statement check finds it without reading every payment.
 */
public final class PaymentAudits {
  private PaymentAudits() {}

  public static final String ENTITY = "payment:";

  /** The moneyMoves index's shards: the audit records of moves that moved money. */
  public static final String MONEY_FAMILY = "MONEY";

  public static TransactWriteItem payment(
      RecordParts records, String paymentNo, String from, String to, Change change) {
    return records.audit(
        Keys.payment(paymentNo),
        ENTITY + paymentNo,
        from,
        to,
        change,
        moneyFields(paymentNo, from, to, change));
  }

  /**
   * A move of a payment's refund part, in the payment's own trail: the part it was, and for a move
   * that paid money back, the part the statement check looks for.
   */
  public static TransactWriteItem part(
      RecordParts records, String paymentNo, int part, String from, String to, Change change) {
    Map<String, AttributeValue> fields = new HashMap<>(moneyFields(paymentNo, from, to, change));
    fields.put("refundPart", Attr.n(part));
    return records.audit(
        Keys.payment(paymentNo),
        ENTITY + paymentNo,
        from,
        to,
        new Change(
            change.at(),
            change.actor(),
            "refund part " + part + ": " + change.reason(),
            change.dueBy()),
        fields);
  }

  private static Map<String, AttributeValue> moneyFields(
      String paymentNo, String from, String to, Change change) {
    return MoneyMove.of(from, to)
        .map(
            kind ->
                Map.of(
                    "moneyShard", s(Keys.shard(MONEY_FAMILY, paymentNo)),
                    "moneyAt", millis(change.at()),
                    "moneyKind", s(kind.name())))
        .orElse(Map.of());
  }
}
