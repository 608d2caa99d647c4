package fairslot.payment.domain;

import java.time.Instant;
import java.util.List;

/**
 * A payment, its refund parts (first first) and every provider callback received for it, oldest
 * first (v1.1 "Finance").
 */
public record PaymentRecord(Payment payment, List<Payment> parts, List<Received> events) {

  public PaymentRecord {
    parts = List.copyOf(parts);
    events = List.copyOf(events);
  }

  public PaymentRecord(Payment payment, List<Received> events) {
    this(payment, List.of(), events);
  }

  /** One callback as it arrived: the first receipt of its event id is kept, replays are not. */
  public record Received(
      String eventId, PaymentCallback.Outcome status, Instant receivedAt, String rawCallback) {}
}
