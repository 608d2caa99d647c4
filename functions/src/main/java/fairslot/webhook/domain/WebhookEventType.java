package fairslot.webhook.domain;

import java.util.Arrays;
import java.util.Optional;

/** The changes a venue can subscribe to (API.md v1.2 "Integrations"), by their wire names. */
public enum WebhookEventType {
  BOOKING_CONFIRMED("booking.confirmed"),
  BOOKING_CANCELLED("booking.cancelled"),
  SLOT_CANCELLED("slot.cancelled"),
  WAITLIST_OFFERED("waitlist.offered"),
  PAYMENT_REFUNDED("payment.refunded");

  private final String wire;

  WebhookEventType(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<WebhookEventType> fromWire(String name) {
    return Arrays.stream(values()).filter(t -> t.wire.equals(name)).findFirst();
  }
}
