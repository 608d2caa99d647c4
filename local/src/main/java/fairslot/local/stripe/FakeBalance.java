package fairslot.local.stripe;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The fake's balance: a balance transaction for each charge taken and each refund paid, listed by
 * {@code GET /v1/balance_transactions} for a {@code created} range (the statement check reads it),
 * with controls to misstate, drop or add a line (tests).
 */
public final class FakeBalance {
  private final List<ObjectNode> balance = new CopyOnWriteArrayList<>();
  private final Clock clock;

  /** The account's settlement currency and rate, when it is not the charge's (tests). */
  private volatile String settlement;

  private volatile double rate = 1;

  FakeBalance(Clock clock) {
    this.clock = clock;
  }

  public void settleIn(String currency, double rate) {
    this.settlement = currency;
    this.rate = rate;
  }

  void line(String type, long charged, String chargedIn, ObjectNode source) {
    // the balance is kept in the settlement currency, converted at the day's rate
    String currency = settlement == null ? chargedIn : settlement;
    long amount = settlement == null ? charged : Math.round(charged * rate);
    // Stripe takes its fee on a charge (2.9 % + 30 here), and none back on a refund
    long fee = type.equals("charge") ? Math.round(amount * 0.029) + 30 : 0;
    ObjectNode bt = Json.object();
    bt.put("id", "txn_" + StripeWire.hex(12));
    bt.put("object", "balance_transaction");
    bt.put("type", type);
    bt.put("amount", amount);
    bt.put("fee", fee);
    bt.put("net", amount - fee);
    bt.put("currency", currency);
    if (settlement != null) {
      bt.put("exchange_rate", rate);
    }
    bt.put("created", clock.instant().getEpochSecond());
    bt.set("source", source);
    balance.add(bt);
  }

  /** A charge Stripe's balance shows for an intent fairslot never made (tests). */
  public void unknownCharge(long amount, String currency) {
    ObjectNode charge = Json.object();
    charge.put("id", "ch_" + StripeWire.hex(12));
    charge.put("object", "charge");
    charge.put("payment_intent", "pi_unknown_" + StripeWire.hex(6));
    charge.put("amount", amount);
    charge.put("currency", currency);
    line("charge", amount, currency, charge);
  }

  /** A line that is no payment: a {@code stripe_fee} or a {@code payout} (tests). */
  public void other(String type, long amount, String currency) {
    ObjectNode source = Json.object();
    source.put("id", (type.equals("payout") ? "po_" : "fee_") + StripeWire.hex(12));
    source.put("object", type.equals("payout") ? "payout" : "fee");
    balance.add(bare(type, amount, currency, source));
  }

  private ObjectNode bare(String type, long amount, String currency, ObjectNode source) {
    ObjectNode bt = Json.object();
    bt.put("id", "txn_" + StripeWire.hex(12));
    bt.put("object", "balance_transaction");
    bt.put("type", type);
    bt.put("amount", amount);
    bt.put("fee", 0);
    bt.put("net", amount);
    bt.put("currency", currency);
    bt.put("created", clock.instant().getEpochSecond());
    bt.set("source", source);
    return bt;
  }

  /** The balance leaves out the intent's charge (tests). */
  public void drop(String intentId) {
    balance.removeIf(bt -> bt.path("source").path("payment_intent").asText().equals(intentId));
  }

  /** The balance shows another amount for the intent's charge than was paid (tests). */
  public void misstate(String intentId, long amount) {
    for (ObjectNode bt : balance) {
      if (bt.path("source").path("payment_intent").asText().equals(intentId)) {
        bt.put("amount", amount);
        ((ObjectNode) bt.path("source")).put("amount", amount);
      }
    }
  }

  ObjectNode list(Map<String, String> form) {
    long gte = Long.parseLong(form.getOrDefault("created[gte]", "0"));
    long lt = Long.parseLong(form.getOrDefault("created[lt]", Long.toString(Long.MAX_VALUE)));
    ObjectNode list = Json.object();
    list.put("object", "list");
    list.put("has_more", false);
    var data = list.putArray("data");
    for (ObjectNode bt : balance) {
      long at = bt.path("created").asLong();
      if (at >= gte && at < lt) {
        data.add(bt.deepCopy());
      }
    }
    return list;
  }
}
