package fairslot.booking.app;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** How a booking on a QUEUED slot is accepted: recorded once, then queued in arrival order. */
final class RequestEnqueue {
  private final RequestStore requests;
  private final BookingQueue queue;
  private final IdGenerator ids;

  RequestEnqueue(RequestStore requests, BookingQueue queue, IdGenerator ids) {
    this.requests = requests;
    this.queue = queue;
    this.ids = ids;
  }

  /**
   * A QUEUED slot's booking: a request record, then one message in the slot's FIFO group. With an
   * Idempotency-Key the request id derives from user and key, so a retry finds the record and never
   * enqueues again (also after SQS's 5-minute dedup window); the seat counter is not touched here.
   */
  Outcome<Booked> enqueue(Book command, Slot slot, Instant now) {
    String requestId =
        command
            .idempotency()
            .map(
                i ->
                    UUID.nameUUIDFromBytes(
                            ("request#" + i.scope()).getBytes(StandardCharsets.UTF_8))
                        .toString())
            .orElseGet(ids::newId);
    BookingRequest request =
        new BookingRequest(
            requestId,
            slot.slotId(),
            command.userId(),
            command.quantity(),
            command.joinWaitlist(),
            RequestStatus.QUEUED,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            command.idempotency().map(IdempotentRequest::fingerprint),
            now,
            command.passId());
    Optional<BookingRequest> existing = requests.createUnlessExists(request);
    if (existing.isPresent()) {
      if (!existing.get().fingerprint().equals(request.fingerprint())) {
        return Outcome.refused(
            Refusal.IDEMPOTENCY_KEY_REUSED,
            "this Idempotency-Key was used with a different request");
      }
      return Outcome.done(new Booked.Queued(existing.get()));
    }
    queue.enqueue(request, requestId);
    return Outcome.done(new Booked.Queued(request));
  }
}
