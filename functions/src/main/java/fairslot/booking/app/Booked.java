package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.idempotency.app.StoredResponse;

/** A new booking, or the stored answer to an earlier request with the same idempotency key. */
public sealed interface Booked {
  record Created(Booking booking, StoredResponse response) implements Booked {}

  record Replayed(StoredResponse response) implements Booked {}

  /** A QUEUED slot: the request is accepted and will be decided in arrival order. */
  record Queued(BookingRequest request) implements Booked {}
}
