package fairslot.catalog.app;

/** Domain event: seats went back to a slot. Consumers must tolerate duplicates (eventId). */
public record SeatReleased(String eventId, String slotId, int quantity, Reason reason) {
  public enum Reason {
    CANCELLED,
    EXPIRED,
    REFUNDING,
    ADMIN,
    /** The slot's capacity was raised: the new seats go to the waitlist first. */
    CAPACITY_ADDED,
    /** A booking moved to another slot (v1.2 reschedule). */
    RESCHEDULED
  }
}
