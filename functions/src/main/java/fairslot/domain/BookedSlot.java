package fairslot.domain;

import java.time.Duration;
import java.time.ZoneId;

/**
 * The slot facts a booking was sold under, copied onto the booking so it never needs the slot to
 * explain itself.
 */
public record BookedSlot(
    String slotId,
    String venueId,
    String resourceId,
    ResourceKind kind,
    Interval interval,
    int capacity,
    ZoneId timeZone,
    Duration cancelCutoff) {

  public static BookedSlot of(Slot slot) {
    return new BookedSlot(
        slot.slotId(),
        slot.venueId(),
        slot.resourceId(),
        slot.kind(),
        slot.interval(),
        slot.capacity(),
        slot.timeZone(),
        slot.policy().cancelCutoff());
  }
}
