package fairslot.app;

import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.MemberCalendar;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Port: bookings and the items that keep them consistent (seat counter, guards, calendars). */
public interface BookingStore {

  /**
   * One atomic attempt to take the seats: seat decrement, booking, (user, slot) guard,
   * idempotency record and the member's calendar days, all or nothing.
   */
  PlaceResult place(BookingPlan plan);

  Optional<Booking> findBooking(String bookingId);

  Page<Booking> bookingsOf(String userId, PageRequest page);

  /**
   * Moves an active booking to an inactive status and returns its seats, all in one transaction
   * conditioned on the booking still being in {@code from}.
   */
  ReleaseResult release(Booking booking, BookingStatus from, BookingStatus to, Instant at);

  /** Everything one booking transaction writes; {@code calendars} are the days as last seen. */
  record BookingPlan(
      Booking booking,
      Instant now,
      List<MemberCalendar> calendars,
      Optional<IdempotentRequest> idempotency,
      Optional<StoredResponse> response) {}

  sealed interface PlaceResult {
    record Placed(Booking booking) implements PlaceResult {}
    record Replay(StoredResponse response) implements PlaceResult {}
    record KeyReused() implements PlaceResult {}
    record AlreadyBooked(String existingBookingId) implements PlaceResult {}
    record SoldOut(int remaining) implements PlaceResult {}
    record SlotNotOpen() implements PlaceResult {}
    record SlotStarted() implements PlaceResult {}
    record SlotMissing() implements PlaceResult {}
    /** The member's calendar changed since it was last seen: here it is as it is now. */
    record CalendarsMoved(List<MemberCalendar> current) implements PlaceResult {}
    /** A concurrent transaction or throttling got in the way; worth another try. */
    record Contended() implements PlaceResult {}
  }

  sealed interface ReleaseResult {
    record Released(Booking booking) implements ReleaseResult {}
    /** The booking was no longer in the expected status; here it is as it is now. */
    record NotInStatus(Booking current) implements ReleaseResult {}
    record Contended() implements ReleaseResult {}
  }
}
