package fairslot.money.domain;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A payment, its refund parts (first first), every provider callback received for it, oldest first
 * (v1.1 "Finance"), and the last decline of an attempt to pay it, while it is open (v1.3).
 */
public record PaymentRecord(
    Payment payment, List<Payment> parts, List<Received> events, Optional<Decline> lastError) {

  public PaymentRecord {
    parts = List.copyOf(parts);
    events = List.copyOf(events);
  }

  public PaymentRecord(Payment payment, List<Payment> parts, List<Received> events) {
    this(payment, parts, events, Optional.empty());
  }

  public PaymentRecord(Payment payment, List<Received> events) {
    this(payment, List.of(), events);
  }

  /** One callback as it arrived: the first receipt of its event id is kept, replays are not. */
  public record Received(
      String eventId, PaymentCallback.Outcome status, Instant receivedAt, String rawCallback) {}
}
