package fairslot.booking.store;

import fairslot.kernel.Change;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A refund part in a booking's transaction (a cheaper reschedule's difference, a slot the venue
 * cancelled alone): the payment held as the plan read it, the part put, and its audit record.
 */
final class RefundPartActions {
  private RefundPartActions() {}

  static <A extends Enum<A>> void add(
      Transaction<A> tx,
      A payment,
      A part,
      RefundPartPlan plan,
      Change change,
      PaymentWrites payments,
      RecordParts records) {
    List<TransactWriteItem> items = payments.addPart(plan);
    tx.add(payment, items.get(0))
        .add(part, items.get(1))
        .add(
            PaymentAudits.part(
                records,
                plan.part().paymentNo(),
                plan.part().refundPart(),
                "-",
                plan.part().status().name(),
                change));
  }
}
