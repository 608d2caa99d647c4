package fairslot.local.stripe;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.util.Map;

/** What the payer's card and bank do to intents and refunds, as Stripe shows it. */
final class FakePayers {
  private final Map<String, ObjectNode> intents;
  private final Map<String, ObjectNode> refunds;
  private final FakeBalance balance;
  private final FakeStripeEvents events;

  FakePayers(
      Map<String, ObjectNode> intents,
      Map<String, ObjectNode> refunds,
      FakeBalance balance,
      FakeStripeEvents events) {
    this.intents = intents;
    this.refunds = refunds;
    this.balance = balance;
    this.events = events;
  }

  /**
   * A card is declined, as Stripe does it: the intent goes back to requires_payment_method with its
   * last_payment_error, stays open for another card, and payment_intent.payment_failed is sent.
   */
  boolean decline(String id, String code, String declineCode, boolean notify) {
    ObjectNode pi = intents.get(id);
    if (pi == null) {
      return false;
    }
    synchronized (pi) {
      if (!pi.path("status").asText().equals("requires_payment_method")) {
        return false;
      }
      ObjectNode error = pi.putObject("last_payment_error");
      error.put("type", "card_error");
      error.put("code", code);
      if (declineCode != null) {
        error.put("decline_code", declineCode);
      }
      error.put("message", "Your card was declined.");
    }
    if (notify) {
      events.send("payment_intent.payment_failed", pi);
    }
    return true;
  }

  /** The payer's card succeeds (or fails): the intent moves and, with notify, its event is sent. */
  boolean settleIntent(String id, boolean succeed, boolean notify) {
    ObjectNode pi = intents.get(id);
    if (pi == null) {
      return false;
    }
    synchronized (pi) {
      String status = pi.path("status").asText();
      if (!status.equals("requires_payment_method")) {
        return false;
      }
      if (succeed) {
        pi.remove("last_payment_error");
        pi.put("status", "succeeded");
        pi.put("amount_received", pi.path("amount").asLong());
        ObjectNode charge = Json.object();
        charge.put("id", "ch_" + StripeWire.hex(12));
        charge.put("object", "charge");
        charge.put("payment_intent", id);
        charge.put("amount", pi.path("amount").asLong());
        charge.put("currency", pi.path("currency").asText());
        pi.put("latest_charge", charge.path("id").asText());
        balance.line("charge", pi.path("amount").asLong(), pi.path("currency").asText(), charge);
      } else {
        pi.putObject("last_payment_error").put("code", "card_declined");
      }
    }
    if (notify) {
      events.send(succeed ? "payment_intent.succeeded" : "payment_intent.payment_failed", pi);
    }
    return true;
  }

  /**
   * A pending refund ends {@code succeeded} or {@code failed}, or waits for the payer ({@code
   * requires_action}), which may then end either way.
   */
  boolean finishRefund(String id, String status, boolean notify) {
    ObjectNode re = refunds.get(id);
    String now = re == null ? "" : re.path("status").asText();
    if (!now.equals("pending") && !now.equals("requires_action")) {
      return false;
    }
    re.put("status", status);
    if (status.equals("succeeded")) {
      balance.line(
          "refund", -re.path("amount").asLong(), re.path("currency").asText(), re.deepCopy());
    }
    if (notify) {
      events.send(status.equals("failed") ? "refund.failed" : "refund.updated", re);
    }
    return true;
  }
}
