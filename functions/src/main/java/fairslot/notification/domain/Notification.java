package fairslot.notification.domain;

/**
 * A message to a member, written as an outbox record in the same transaction as the change it
 * reports. {@code ref} is the offer or booking it is about; user + slot + kind + ref is its
 * identity, so the same change can never notify twice.
 */
public record Notification(String userId, String slotId, Kind kind, String ref) {
  public enum Kind {
    OFFER_MADE,
    OFFER_EXPIRED,
    BOOKING_CONFIRMED,
    SLOT_CANCELLED,
    /** Shortly ({@code Reminder.HOLD_WARNING}) before an unpaid hold lapses. */
    HOLD_EXPIRING,
    /** The venue's {@code reminderBefore} ahead of a paid booking's start. */
    BOOKING_REMINDER,
    REFUNDED;

    /** Its {@code ref} is a waitlist entry (else a booking; SLOT_CANCELLED may be either). */
    public boolean aboutOffer() {
      return this == OFFER_MADE || this == OFFER_EXPIRED;
    }
  }

  public String key() {
    return userId + "#" + slotId + "#" + kind + "#" + ref;
  }
}
