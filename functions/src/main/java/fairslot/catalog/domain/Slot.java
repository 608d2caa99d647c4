package fairslot.catalog.domain;

import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

/**
 * A bookable session of a resource. {@code remaining} counts seats held by no booking and no open
 * offer, so capacity == remaining + active booking quantities + open offer quantities. Of those,
 * {@code forWaitlist} were released while members were waiting: they are owed to the waitlist and
 * never on open sale (remaining - forWaitlist is what anyone may book). All of it is a snapshot:
 * every decision that depends on it is re-checked by the condition of the write that acts on it.
 */
public record Slot(
    String slotId,
    String venueId,
    String resourceId,
    ResourceKind kind,
    Interval interval,
    int capacity,
    int remaining,
    SlotStatus status,
    Money price,
    Admission admission,
    int waitlistLength,
    ZoneId timeZone,
    VenuePolicy policy,
    int forWaitlist,
    Assignment assignment,
    Inherited inherited,
    SessionRules rules) {

  /** Longest slot we accept: keeps a booking's member-calendar days to at most two. */
  public static final Duration MAX_LENGTH = Duration.ofHours(24);

  /**
   * How far ahead a slot may start (the contract: 2 years); beyond it venue-local arithmetic can
   * overflow.
   */
  public static final Duration MAX_AHEAD = Duration.ofDays(731);

  /** A slot with no scheduling rules (no buffer, no minimum). */
  public Slot(
      String slotId,
      String venueId,
      String resourceId,
      ResourceKind kind,
      Interval interval,
      int capacity,
      int remaining,
      SlotStatus status,
      Money price,
      Admission admission,
      int waitlistLength,
      ZoneId timeZone,
      VenuePolicy policy,
      int forWaitlist,
      Assignment assignment,
      Inherited inherited) {
    this(
        slotId,
        venueId,
        resourceId,
        kind,
        interval,
        capacity,
        remaining,
        status,
        price,
        admission,
        waitlistLength,
        timeZone,
        policy,
        forWaitlist,
        assignment,
        inherited,
        SessionRules.NONE);
  }

  public Slot {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1");
    }
    if (kind == ResourceKind.EXCLUSIVE && capacity != 1) {
      throw new IllegalArgumentException("an EXCLUSIVE slot has capacity 1");
    }
    if (interval.length().compareTo(MAX_LENGTH) > 0) {
      throw new IllegalArgumentException("a slot lasts at most 24 hours");
    }
  }

  public Slot with(SlotStatus next) {
    return copy(next, policy, inherited, rules);
  }

  /** The slot carrying its venue's policy at revision {@code venueRev}. */
  public Slot withVenue(VenuePolicy venuePolicy, long venueRev) {
    return copy(
        status,
        venuePolicy,
        new Inherited(
            venueRev,
            inherited.resourceRev(),
            inherited.venueDisabled(),
            inherited.resourceDisabled()),
        rules);
  }

  public Slot withInherited(Inherited next) {
    return copy(status, policy, next, rules);
  }

  /** This slot with the rules given (its minimum decided, say). */
  public Slot withRules(SessionRules next) {
    return copy(status, policy, inherited, next);
  }

  /** This slot with the status, policy, inheritance and rules given; its counters as they are. */
  private Slot copy(
      SlotStatus nextStatus, VenuePolicy venuePolicy, Inherited next, SessionRules nextRules) {
    return new Slot(
        slotId,
        venueId,
        resourceId,
        kind,
        interval,
        capacity,
        remaining,
        nextStatus,
        price,
        admission,
        waitlistLength,
        timeZone,
        venuePolicy,
        forWaitlist,
        assignment,
        next,
        nextRules);
  }

  /** Seats in bookings (held or paid) and open offers: everything not remaining. */
  public int taken() {
    return capacity - remaining;
  }

  /** Takes new bookings and joins: open, and neither its venue nor its resource is disabled. */
  public boolean onSale() {
    return status == SlotStatus.OPEN && !inherited.disabled();
  }

  public boolean hasStarted(Instant now) {
    return !now.isBefore(interval.start());
  }
}
