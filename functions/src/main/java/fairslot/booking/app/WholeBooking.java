package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Money;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A booking of several slots seen whole, for a move of the whole (a cancel, the desk's refund): the
 * line the move acts through, and the money its slots still hold. A booking of one slot is itself.
 */
public final class WholeBooking {
  private final BookingStore store;

  public WholeBooking(BookingStore store) {
    this.store = store;
  }

  /**
   * The line a move of the whole acts through: the lead, or when the venue cancelled its slot
   * alone, the earliest slot still PAID, carrying the booking's payment.
   */
  public Booking actingLine(Booking lead) {
    if (lead.group().isEmpty()
        || lead.status() == BookingStatus.PAID
        || lead.status() == BookingStatus.PENDING_PAY) {
      return lead;
    }
    return store.otherLines(lead).stream()
        .filter(l -> l.status() == BookingStatus.PAID)
        .min(Comparator.comparing((Booking l) -> l.slot().interval().start()))
        .map(l -> lead.paymentNo().map(l::withPayment).orElse(l))
        .orElse(lead);
  }

  /** Every line of {@code b}, lead first, each as it is now ({@code b} alone for one slot). */
  public List<Booking> lines(Booking b) {
    List<Booking> all = new ArrayList<>(List.of(b));
    all.addAll(store.otherLines(b));
    return all;
  }

  /**
   * What {@code line}'s booking still holds of its money: its slots still in the line's status (a
   * slot cancelled alone had its share refunded then).
   */
  public Money held(Booking line) {
    return line.group().isEmpty() ? line.total() : line.heldBy(store.otherLines(line));
  }
}
