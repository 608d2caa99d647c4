package fairslot.booking.domain;

import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Interval;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * The slot facts a booking was sold under, copied onto the booking so it never needs the slot to
 * explain itself. The hold and cancel cutoff are the venue policy of that moment ({@code policyRev}
 * is the venue revision they came from): a later policy edit never changes a promise already made.
 * {@code counterparts}: the slots sharing its space when it was read (combined resources), whose
 * freedom a take of its seats checks.
 */
public record BookedSlot(
    String slotId,
    String venueId,
    String resourceId,
    ResourceKind kind,
    Interval interval,
    int capacity,
    ZoneId timeZone,
    Duration cancelCutoff,
    Duration holdDuration,
    long policyRev,
    CancelTiers cancelTiers,
    Duration reminderBefore,
    Set<String> counterparts) {

  /** As sold, with no counterparts (a slot of a resource that shares no space). */
  public BookedSlot(
      String slotId,
      String venueId,
      String resourceId,
      ResourceKind kind,
      Interval interval,
      int capacity,
      ZoneId timeZone,
      Duration cancelCutoff,
      Duration holdDuration,
      long policyRev,
      CancelTiers cancelTiers,
      Duration reminderBefore) {
    this(
        slotId,
        venueId,
        resourceId,
        kind,
        interval,
        capacity,
        timeZone,
        cancelCutoff,
        holdDuration,
        policyRev,
        cancelTiers,
        reminderBefore,
        Set.of());
  }

  /**
   * A copy with no tiers of its own (the cancel cutoff is its one 100 % tier) and the default
   * reminder.
   */
  public BookedSlot(
      String slotId,
      String venueId,
      String resourceId,
      ResourceKind kind,
      Interval interval,
      int capacity,
      ZoneId timeZone,
      Duration cancelCutoff,
      Duration holdDuration,
      long policyRev) {
    this(
        slotId,
        venueId,
        resourceId,
        kind,
        interval,
        capacity,
        timeZone,
        cancelCutoff,
        holdDuration,
        policyRev,
        CancelTiers.NONE,
        VenuePolicy.DEFAULT_REMINDER);
  }

  public BookedSlot {
    cancelTiers = cancelTiers.orCutoff(cancelCutoff);
    counterparts = Collections.unmodifiableSortedSet(new TreeSet<>(counterparts));
  }

  public static BookedSlot of(Slot slot) {
    return new BookedSlot(
        slot.slotId(),
        slot.venueId(),
        slot.resourceId(),
        slot.kind(),
        slot.interval(),
        slot.capacity(),
        slot.timeZone(),
        slot.policy().cancelCutoff(),
        slot.policy().holdDuration(),
        slot.inherited().venueRev(),
        slot.policy().cancelTiers(),
        slot.policy().reminderBefore(),
        slot.rules().counterparts());
  }
}
