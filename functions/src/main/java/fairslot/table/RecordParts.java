package fairslot.table;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.SeatCount;
import fairslot.kernel.Change;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The audit records written in the same transaction as the change they describe. Unconditional:
 * they ride on the change's own conditions. (The outbox notice and the finance exception have their
 * own builders in their features: {@code NoticeWrites}, {@code ExceptionWrites}.)
 */
public final class RecordParts {
  private final String table;

  public RecordParts(String table) {
    this.table = table;
  }

  /**
   * The audit record of a booking's move to {@code b.version() + 1} (or of its placement, version
   * 1).
   */
  public TransactWriteItem auditBooking(Booking b, String from, String to, Change change) {
    long sequence = from.equals("-") ? b.version() : b.version() + 1;
    return put(
        AuditItemMapper.toItem(
            Keys.booking(b.bookingId()), "booking:" + b.bookingId(), from, to, change, sequence));
  }

  /** An audit record about a booking that does not move it (e.g. a late payment sent back). */
  public TransactWriteItem noteOnBooking(Booking b, Change change) {
    return put(
        AuditItemMapper.toItem(
            Keys.booking(b.bookingId()),
            "booking:" + b.bookingId(),
            b.status().name(),
            b.status().name(),
            change));
  }

  public TransactWriteItem auditPayment(String paymentNo, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(Keys.payment(paymentNo), "payment:" + paymentNo, from, to, change));
  }

  /**
   * A move of a payment's refund part, in the payment's own trail: the part it was, and for a move
   * that paid money back, the part the statement check looks for.
   */
  public TransactWriteItem auditPaymentPart(
      String paymentNo, int part, String from, String to, Change change) {
    Map<String, AttributeValue> item =
        new HashMap<>(
            AuditItemMapper.toItem(
                Keys.payment(paymentNo),
                "payment:" + paymentNo,
                from,
                to,
                new Change(
                    change.at(),
                    change.actor(),
                    "refund part " + part + ": " + change.reason(),
                    change.dueBy())));
    item.put("refundPart", Attr.n(part));
    return put(item);
  }

  public TransactWriteItem auditEntry(String entryId, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(Keys.waitEntry(entryId), "waitlist:" + entryId, from, to, change));
  }

  public TransactWriteItem auditException(
      String exceptionId, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(
            Keys.financeException(exceptionId), "exception:" + exceptionId, from, to, change));
  }

  /** An audit record of any entity kept under {@code pk} (a pass, a plan, a member's standing). */
  public TransactWriteItem audit(String pk, String entity, String from, String to, Change change) {
    return put(AuditItemMapper.toItem(pk, entity, from, to, change));
  }

  /** The audit record of reconcile's repair of a slot's counter, before and after. */
  public TransactWriteItem auditRecount(SeatCount seen, Change change) {
    int expected = seen.expectedRemaining();
    return put(
        AuditItemMapper.withFields(
            AuditItemMapper.toItem(
                Keys.slot(seen.slotId()),
                "slot:" + seen.slotId(),
                "remaining=" + seen.remaining(),
                "remaining=" + expected,
                change),
            Map.of("remaining", seen.remaining()),
            Map.of("remaining", expected)));
  }

  private TransactWriteItem put(Map<String, AttributeValue> item) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(item).build())
        .build();
  }
}
