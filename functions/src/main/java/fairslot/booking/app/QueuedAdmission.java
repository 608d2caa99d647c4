package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.waitlist.app.WaitlistService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Decides QUEUED slots' booking requests in arrival order (the FIFO consumer calls this per
 * message), and makes sure none is left QUEUED: the dead-letter cleanup and the stale-requests job.
 */
public final class QueuedAdmission {
  /**
   * A request QUEUED this long is sent again (its message may have been lost before it was sent).
   */
  static final Duration REDRIVE_AFTER = Duration.ofMinutes(5);

  /** A request QUEUED this long gets one last try and is then rejected as throttled. */
  static final Duration GIVE_UP_AFTER = Duration.ofMinutes(15);

  public enum Verdict {
    DECIDED,
    RETRY
  }

  private final RequestStore requests;
  private final BookingService bookings;
  private final WaitlistService waitlist;
  private final BookingQueue queue;
  private final Clock clock;

  public QueuedAdmission(
      RequestStore requests,
      BookingService bookings,
      WaitlistService waitlist,
      BookingQueue queue,
      Clock clock) {
    this.requests = requests;
    this.bookings = bookings;
    this.waitlist = waitlist;
    this.queue = queue;
    this.clock = clock;
  }

  /** Decides one request. RETRY means "not decided, leave the message for another delivery". */
  public Verdict process(String requestId) {
    Optional<BookingRequest> found = requests.find(requestId);
    if (found.isEmpty() || found.get().status() != RequestStatus.QUEUED) {
      return Verdict.DECIDED; // unknown, or a redelivery of a decided request
    }
    BookingRequest request = found.get();
    Outcome<Booking> outcome = bookings.placeQueued(request);
    if (outcome instanceof Outcome.Done<Booking>) {
      return Verdict.DECIDED; // GRANTED in the booking transaction itself
    }
    Refusal refusal = ((Outcome.Refused<Booking>) outcome).refusal();
    Instant now = clock.instant();
    switch (refusal) {
      case THROTTLED -> {
        return Verdict.RETRY;
      }
      case INVALID_TRANSITION -> {
        return Verdict.DECIDED; // the request was decided meanwhile
      }
      case SOLD_OUT -> {
        Optional<String> entry = Optional.empty();
        if (request.joinWaitlist()) {
          var joined = waitlist.join(request.userId(), request.slotId());
          if (joined instanceof Outcome.Done<WaitlistService.Place> place) {
            entry = Optional.of(place.value().entry().entryId());
          }
        }
        requests.decide(requestId, RequestStatus.SOLD_OUT, Optional.of(refusal.code()), entry, now);
        return Verdict.DECIDED;
      }
      default -> {
        requests.decide(
            requestId, RequestStatus.REJECTED, Optional.of(refusal.code()), Optional.empty(), now);
        return Verdict.DECIDED;
      }
    }
  }

  /**
   * Dead-letter cleanup: one last try; if it still cannot be decided, REJECTED with code throttled.
   */
  /** One last try; true when the request was rejected for good (a person may want to know). */
  public boolean giveUp(String requestId) {
    Verdict last;
    try {
      last = process(requestId);
    } catch (RuntimeException stillFailing) {
      last = Verdict.RETRY;
    }
    if (last == Verdict.RETRY) {
      requests.decide(
          requestId,
          RequestStatus.REJECTED,
          Optional.of(Refusal.THROTTLED.code()),
          Optional.empty(),
          clock.instant());
      return true;
    }
    return false;
  }

  /** stale-requests: re-drive requests QUEUED for minutes, give up on those QUEUED for long. */
  public JobReport staleRequests(int limit) {
    Instant now = clock.instant();
    var stale = requests.queuedSince(now.minus(REDRIVE_AFTER), limit);
    return JobLoop.run(
        "stale-requests",
        stale,
        stale.size(),
        request -> {
          if (!request.createdAt().isAfter(now.minus(GIVE_UP_AFTER))) {
            giveUp(request.requestId());
          } else {
            queue.enqueue(request, request.requestId() + "#redrive-" + now.getEpochSecond() / 60);
          }
          return 1;
        });
  }

  public Optional<BookingRequest> request(String userId, String requestId) {
    return requests.find(requestId).filter(r -> r.userId().equals(userId));
  }
}
