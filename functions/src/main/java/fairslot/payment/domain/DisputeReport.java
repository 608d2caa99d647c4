package fairslot.payment.domain;

import fairslot.kernel.Money;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A payer's dispute of one of our payments with their bank, as the provider reported it (API.md
 * v1.3 "Disputes"): opened (the money is withdrawn while the bank decides), won (it comes back) or
 * lost (it stays with the payer). {@code disputeId} is the provider's; {@code paymentNo} is empty
 * when the disputed charge is not one fairslot made.
 */
public record DisputeReport(
    String disputeId,
    Optional<String> paymentNo,
    Money amount,
    String reason,
    Optional<Instant> evidenceDueBy,
    State state,
    String raw) {

  public enum State {
    OPENED,
    WON,
    LOST
  }

  /** The event id this state of the dispute is applied under: a redelivery is a replay. */
  public String eventId() {
    return eventId(disputeId, state);
  }

  public static String eventId(String disputeId, State state) {
    return "dispute:" + disputeId + ":" + state.name().toLowerCase(Locale.ROOT);
  }
}
