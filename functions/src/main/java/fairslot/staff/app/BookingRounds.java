package fairslot.staff.app;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.util.Optional;
import java.util.function.Function;

/** The desk's read-decide-write loop on one booking: decided again while what it read moves. */
final class BookingRounds {
  private static final int ROUNDS = 5;

  private BookingRounds() {}

  /**
   * {@code step} on the booking {@code find} reads, until it decides (empty: it moved; read again);
   * 404 for no booking, 503 throttled after {@link #ROUNDS} rounds.
   */
  static Outcome<Booking> onBooking(
      String bookingId,
      Function<String, Optional<Booking>> find,
      Function<Booking, Optional<Outcome<Booking>>> step) {
    for (int round = 0; round < ROUNDS; round++) {
      Optional<Booking> found = find.apply(bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Optional<Outcome<Booking>> decided = step.apply(found.get());
      if (decided.isPresent()) {
        return decided.get();
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again");
  }
}
