package fairslot.money.store;

import fairslot.kernel.Change;
import fairslot.money.domain.RefundPartPlan;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A refund part in its caller's transaction (a cheaper reschedule's difference, a slot the venue
 * cancelled alone, a pass refunded, a closed wallet's top-up): the payment held as the plan read
 * it, the part put, and its audit record.
 */
public final class RefundPartActions {
  private RefundPartActions() {}

  public static <A extends Enum<A>> void add(
      Transaction<A> tx,
      A payment,
      A part,
      RefundPartPlan plan,
      Change change,
      PaymentWrites payments,
      RecordParts records) {
    List<TransactWriteItem> items = payments.addPart(plan);
    tx.add(payment, items.get(0)).add(part, items.get(1)).add(audit(plan, change, records));
  }

  /** The same, unnamed: several parts in one transaction (a closed wallet's top-ups). */
  public static void add(
      Transaction<?> tx,
      RefundPartPlan plan,
      Change change,
      PaymentWrites payments,
      RecordParts records) {
    List<TransactWriteItem> items = payments.addPart(plan);
    tx.add(items.get(0)).add(items.get(1)).add(audit(plan, change, records));
  }

  private static TransactWriteItem audit(RefundPartPlan plan, Change change, RecordParts records) {
    return PaymentAudits.part(
        records,
        plan.part().paymentNo(),
        plan.part().refundPart(),
        "-",
        plan.part().status().name(),
        change);
  }
}
