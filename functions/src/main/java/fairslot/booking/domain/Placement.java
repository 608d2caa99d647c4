package fairslot.booking.domain;

import fairslot.kernel.IdempotentRequest;
import fairslot.waitlist.domain.WaitlistEntry;
import java.util.Optional;

/**
 * How a booking comes to be placed, one type per kind; the policy that binds it follows from the
 * kind, not from flags its callers line up. Room is left for the kinds the booking-shapes issue
 * adds (several slots, reschedule).
 */
public sealed interface Placement {
  /** Who the booking is for. */
  String userId();

  /** Who asked: the member, staff at the desk, or a job ({@code system:...}). */
  String actor();

  /**
   * Whether the venue's booking window judges it: a member booking for themselves (directly or
   * through the queue), not a waitlist offer or the desk.
   */
  boolean windowApplies();

  /**
   * Whether the venue's member limits (upcoming bookings, no-show suspension) bind it: every
   * booking made by the member or by the system for them; only the desk books past them, as staff's
   * decision.
   */
  boolean bindsPolicy();

  /** The request's key: a retry with it replays the first answer. */
  default Optional<IdempotentRequest> idempotency() {
    return Optional.empty();
  }

  /** The waitlist offer whose seat the booking takes (instead of one from open sale). */
  default Optional<WaitlistEntry> fromOffer() {
    return Optional.empty();
  }

  /** The QUEUED request the booking grants, in the same transaction. */
  default Optional<String> grantsRequest() {
    return Optional.empty();
  }

  /** The status that request is in: QUEUED, or a lottery's ENTERED. */
  default RequestStatus grantsFrom() {
    return RequestStatus.QUEUED;
  }

  /**
   * A plain booking (no replay to find, no offer, no queued request) may first be looked at with
   * condition checks when its slot was seen sold out a moment ago.
   */
  default boolean mayProbe() {
    return idempotency().isEmpty() && fromOffer().isEmpty() && grantsRequest().isEmpty();
  }

  /** The prefix of every actor that is a job or consumer rather than a person. */
  String SYSTEM_ACTOR = "system:";

  /** A member books for themselves. */
  record ByMember(String userId, Optional<IdempotentRequest> idempotency) implements Placement {
    @Override
    public String actor() {
      return userId;
    }

    @Override
    public boolean windowApplies() {
      return true;
    }

    @Override
    public boolean bindsPolicy() {
      return true;
    }
  }

  /** Staff at the desk book for a customer: at any time before the start, past member limits. */
  record AtDesk(String userId, String staff, Optional<IdempotentRequest> idempotency)
      implements Placement {
    @Override
    public String actor() {
      return staff;
    }

    @Override
    public boolean windowApplies() {
      return false;
    }

    @Override
    public boolean bindsPolicy() {
      return false;
    }
  }

  /** A waitlist offer becomes the booking: accepted by the member, or held by the system. */
  record FromOffer(WaitlistEntry entry, String actor) implements Placement {
    @Override
    public String userId() {
      return entry.userId();
    }

    @Override
    public boolean windowApplies() {
      return false;
    }

    @Override
    public boolean bindsPolicy() {
      return actor.equals(entry.userId()) || actor.startsWith(SYSTEM_ACTOR);
    }

    @Override
    public Optional<WaitlistEntry> fromOffer() {
      return Optional.of(entry);
    }
  }

  /** The FIFO consumer grants a queued request, judged when the seat is taken. */
  record QueuedGrant(String userId, String requestId, RequestStatus from) implements Placement {
    public QueuedGrant(String userId, String requestId) {
      this(userId, requestId, RequestStatus.QUEUED);
    }

    @Override
    public RequestStatus grantsFrom() {
      return from;
    }

    @Override
    public String actor() {
      return userId;
    }

    @Override
    public boolean windowApplies() {
      return true;
    }

    @Override
    public boolean bindsPolicy() {
      return true;
    }

    @Override
    public Optional<String> grantsRequest() {
      return Optional.of(requestId);
    }
  }
}
