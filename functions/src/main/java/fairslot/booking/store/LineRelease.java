package fairslot.booking.store;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.store.SeatWrites;
import fairslot.kernel.Change;
import fairslot.kernel.Unavailable;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.RefundPartActions;
import fairslot.notification.domain.Notification;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One PAID line of a booking of several slots cancelled on its own (the venue cancelled its slot):
 * the line's release as any release's, with its share refunded as a part of the booking's payment
 * in the same transaction.
 */
final class LineRelease {
  private final BookingRelease release;
  private final DynamoDbClient dynamo;
  private final PaymentWrites payments;
  private final RecordParts records;

  LineRelease(BookingRelease release, DynamoDbClient dynamo, String table) {
    this.release = release;
    this.dynamo = dynamo;
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
  }

  /**
   * One line alone (its slot cancelled by the venue), with its share refunded as a part of the
   * booking's payment: the line's seats go back as any release's, once.
   */
  ReleaseResult release(
      Booking line, Change change, Optional<Notification> notice, Optional<RefundPartPlan> share) {
    List<SeatWrites.SeatReturn> how =
        new ArrayList<>(List.of(new SeatWrites.SeatReturn(line.slot().capacity(), false)));
    for (int branch = 0; branch < 4; branch++) {
      Transaction<BookingRelease.Action> tx =
          release.releaseActions(List.of(line), BookingStatus.CANCELLED, change, how, notice);
      share.ifPresent(
          d ->
              RefundPartActions.add(
                  tx,
                  BookingRelease.Action.PAYMENT,
                  BookingRelease.Action.PART,
                  d,
                  change,
                  payments,
                  records));
      Optional<Transaction.Cancelled<BookingRelease.Action>> cancelled = tx.commit(dynamo);
      if (cancelled.isEmpty()) {
        return new ReleaseResult.Released(
            line.withStatus(BookingStatus.CANCELLED),
            new SeatReleased(
                "release:" + line.bookingId(),
                line.slotId(),
                line.quantity(),
                SeatReleases.reasonFor(BookingStatus.CANCELLED)));
      }
      Transaction.Cancelled<BookingRelease.Action> reasons = cancelled.get();
      if (reasons.failed(BookingRelease.Action.BOOKING, 0)) {
        return new ReleaseResult.NotInStatus(
            reasons
                .oldItem(BookingRelease.Action.BOOKING, 0)
                .map(BookingItemMapper::fromItem)
                .orElseThrow());
      }
      if (reasons.failed(BookingRelease.Action.PAYMENT)
          || reasons.failed(BookingRelease.Action.PART)) {
        return new ReleaseResult.NotInStatus(line); // the payment moved: plan the share again
      }
      Optional<SeatWrites.SeatReturn> next =
          reasons.failed(BookingRelease.Action.SEATS, 0)
              ? reasons
                  .oldItem(BookingRelease.Action.SEATS, 0)
                  .flatMap(slot -> SeatWrites.retryFor(slot, line.quantity(), how.get(0)))
              : Optional.empty();
      if (next.isEmpty()) {
        throw new IllegalStateException("release of line " + line.bookingId() + ": " + reasons);
      }
      how.set(0, next.get());
    }
    throw new Unavailable("the waitlist of slot " + line.slotId() + " kept changing", null);
  }
}
