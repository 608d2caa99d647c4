package fairslot.booking.app;

import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Port: booking requests of QUEUED slots. */
public interface RequestStore {

  /** Creates the request unless one with its id exists; returns the one that exists then. */
  Optional<BookingRequest> createUnlessExists(BookingRequest request);

  Optional<BookingRequest> find(String requestId);

  /**
   * A LOTTERY slot's entry (ENTERED), listed under its slot for the draw, unless one with its id
   * exists; returns the one that exists then.
   */
  Optional<BookingRequest> enter(BookingRequest entry);

  /** Every entry of a LOTTERY slot, as they are now. */
  List<BookingRequest> entries(String slotId);

  /**
   * QUEUED (or a lottery's ENTERED) to a final status (not GRANTED or WON: that is part of the
   * booking transaction); false if already decided.
   */
  boolean decide(
      String requestId,
      RequestStatus status,
      Optional<String> code,
      Optional<String> waitlistEntryId,
      Instant at);

  /** Requests still QUEUED that were accepted at or before {@code before}. */
  List<BookingRequest> queuedSince(Instant before, int limit);
}
