package fairslot.local.stripe;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Disputes as Stripe makes them: a payer's bank disputes a succeeded charge ({@code
 * charge.dispute.created}, status {@code needs_response}, evidence due in a week, the amount taken
 * from the balance as an {@code adjustment}); the bank decides ({@code charge.dispute.closed},
 * {@code won} gives the amount back with another adjustment, {@code lost} keeps it gone).
 */
public final class FakeDisputes {
  private static final Duration EVIDENCE_WINDOW = Duration.ofDays(7);

  private final Map<String, ObjectNode> intents;
  private final Map<String, ObjectNode> disputes = new ConcurrentHashMap<>();
  private final FakeStripeEvents events;
  private final FakeBalance balance;
  private final Clock clock;

  FakeDisputes(
      Map<String, ObjectNode> intents, FakeStripeEvents events, FakeBalance balance, Clock clock) {
    this.intents = intents;
    this.events = events;
    this.balance = balance;
    this.clock = clock;
  }

  /** The payer's bank disputes the intent's charge; empty if it has not succeeded. */
  public Optional<String> open(String intentId, String reason, boolean notify) {
    ObjectNode pi = intents.get(intentId);
    if (pi == null) {
      return Optional.empty();
    }
    ObjectNode dp = Json.object();
    synchronized (pi) {
      if (!pi.path("status").asText().equals("succeeded")) {
        return Optional.empty();
      }
      dp.put("id", "dp_" + StripeWire.hex(12));
      dp.put("object", "dispute");
      dp.put("amount", pi.path("amount_received").asLong());
      dp.put("currency", pi.path("currency").asText());
      dp.put("charge", pi.path("latest_charge").asText());
      dp.put("payment_intent", intentId);
      dp.put("reason", reason);
      dp.put("status", "needs_response");
      dp.put("is_charge_refundable", false);
      dp.put("created", clock.instant().getEpochSecond());
      dp.put("livemode", false);
      dp.putObject("metadata");
      ObjectNode evidence = dp.putObject("evidence_details");
      evidence.put("due_by", clock.instant().plus(EVIDENCE_WINDOW).getEpochSecond());
      evidence.put("has_evidence", false);
      evidence.put("past_due", false);
      evidence.put("submission_count", 0);
    }
    disputes.put(dp.path("id").asText(), dp);
    balance.line("adjustment", -dp.path("amount").asLong(), dp.path("currency").asText(), dp);
    if (notify) {
      events.send("charge.dispute.created", dp);
    }
    return Optional.of(dp.path("id").asText());
  }

  /** The bank decides: {@code won} or {@code lost}; false if no open dispute has that id. */
  public boolean close(String disputeId, String status, boolean notify) {
    ObjectNode dp = disputes.get(disputeId);
    if (dp == null) {
      return false;
    }
    synchronized (dp) {
      if (dp.path("status").asText().equals("won") || dp.path("status").asText().equals("lost")) {
        return false;
      }
      dp.put("status", status);
    }
    if (status.equals("won")) {
      balance.line("adjustment", dp.path("amount").asLong(), dp.path("currency").asText(), dp);
    }
    if (notify) {
      events.send("charge.dispute.closed", dp);
    }
    return true;
  }
}
