package fairslot.payment.domain;

import java.time.Instant;
import java.util.List;

/** A payment and every provider callback received for it, oldest first (v1.1 "Finance"). */
public record PaymentRecord(Payment payment, List<Received> events) {

  public PaymentRecord {
    events = List.copyOf(events);
  }

  /** One callback as it arrived: the first receipt of its event id is kept, replays are not. */
  public record Received(
      String eventId, PaymentCallback.Outcome status, Instant receivedAt, String rawCallback) {}
}
