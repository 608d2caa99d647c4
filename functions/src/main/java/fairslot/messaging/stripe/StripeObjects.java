package fairslot.messaging.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.kernel.Money;
import fairslot.money.domain.Decline;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.NotificationVerdict;
import fairslot.payment.app.ProviderRefs;
import fairslot.payment.app.StatementLine;
import fairslot.payment.domain.DisputeReport;
import fairslot.payment.domain.ProviderReport;
import fairslot.shared.Json;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Stripe's PaymentIntents and refunds as fairslot's provider reports. The event id is fairslot's
 * number and the object's state, never Stripe's event id, so a webhook and a retrieval that find
 * the same state apply it once, and a redelivered event is a replay.
 */
final class StripeObjects {
  private StripeObjects() {}

  /**
   * succeeded is the money taken; canceled an intent that can no longer be paid. The other states
   * (requires_payment_method, processing, requires_action) are still open.
   */
  static Optional<ProviderReport> ofIntent(JsonNode pi) {
    String status = pi.path("status").asText();
    PaymentCallback.Outcome outcome =
        switch (status) {
          case "succeeded" -> PaymentCallback.Outcome.SUCCEEDED;
          case "canceled" -> PaymentCallback.Outcome.FAILED;
          default -> null;
        };
    return Optional.ofNullable(outcome).map(o -> report(pi, status, o));
  }

  /**
   * payment_intent.payment_failed: one attempt was declined and the intent stays open for another
   * card (Stripe's "requires_payment_method"); only its cancel ends it. {@code created} is the
   * event's time, so of two declines the later is kept.
   */
  static Decline decline(JsonNode pi, Instant created) {
    JsonNode error = pi.path("last_payment_error");
    return new Decline(
        error.path("code").asText(""),
        Optional.ofNullable(error.path("decline_code").textValue()).filter(s -> !s.isBlank()),
        error.path("message").asText(""),
        created);
  }

  static String paymentNo(JsonNode pi) {
    return pi.path("metadata").path("paymentNo").asText();
  }

  private static ProviderReport report(JsonNode pi, String state, PaymentCallback.Outcome o) {
    String paymentNo = pi.path("metadata").path("paymentNo").asText();
    long amount =
        o == PaymentCallback.Outcome.SUCCEEDED
            ? pi.path("amount_received").asLong(pi.path("amount").asLong())
            : pi.path("amount").asLong();
    return new ProviderReport(
        "stripe:" + paymentNo + ":" + state,
        paymentNo,
        new Money(amount, currency(pi)),
        o,
        Json.write(summary("payment_intent", pi.path("id").asText(), state, amount)));
  }

  /** A refund in requires_action (the payer must act before the money can go back), if it is. */
  static Optional<NotificationVerdict.RefundActionRequired> actionRequired(JsonNode re) {
    if (!re.path("status").asText().equals("requires_action")) {
      return Optional.empty();
    }
    String refundNo = re.path("metadata").path("refundNo").asText();
    long amount = re.path("amount").asLong();
    return Optional.of(
        new NotificationVerdict.RefundActionRequired(
            "stripe:" + refundNo + ":requires_action",
            re.path("metadata").path("paymentNo").asText(),
            refundNo,
            new Money(amount, currency(re)),
            Json.write(summary("refund", re.path("id").asText(), "requires_action", amount))));
  }

  /** succeeded is the money back; failed and canceled a refund that did not happen. */
  static Optional<ProviderReport> ofRefund(JsonNode re) {
    String status = re.path("status").asText();
    PaymentCallback.Outcome outcome =
        switch (status) {
          case "succeeded" -> PaymentCallback.Outcome.REFUNDED;
          case "failed", "canceled" -> PaymentCallback.Outcome.REFUND_FAILED;
          default -> null;
        };
    if (outcome == null) {
      return Optional.empty();
    }
    String refundNo = re.path("metadata").path("refundNo").asText();
    long amount = re.path("amount").asLong();
    return Optional.of(
        ProviderReport.ofRefund(
            "stripe:" + refundNo + ":" + status,
            re.path("metadata").path("paymentNo").asText(),
            refundNo,
            new Money(amount, currency(re)),
            outcome,
            Json.write(summary("refund", re.path("id").asText(), status, amount))));
  }

  /**
   * A dispute event's object. created: the dispute opened (an inquiry, {@code warning_*}, too: the
   * bank may still turn it into one). closed: {@code won}, or {@code warning_closed} (an inquiry
   * that never became a dispute), is money kept; {@code lost} is money gone. The dispute names the
   * intent, not our number: the number is looked up under the intent's reverse name.
   */
  static Optional<DisputeReport> ofDispute(String type, JsonNode dp, ProviderRefs refs) {
    String status = dp.path("status").asText();
    DisputeReport.State state;
    if (type.equals("charge.dispute.created")) {
      state = DisputeReport.State.OPENED;
    } else if (status.equals("lost")) {
      state = DisputeReport.State.LOST;
    } else if (status.equals("won") || status.equals("warning_closed")) {
      state = DisputeReport.State.WON;
    } else {
      return Optional.empty(); // closed events always carry a final status; anything else waits
    }
    String intent = dp.path("payment_intent").asText("");
    long dueBy = dp.path("evidence_details").path("due_by").asLong(0);
    long amount = dp.path("amount").asLong();
    return Optional.of(
        new DisputeReport(
            dp.path("id").asText(),
            intent.isEmpty() ? Optional.empty() : refs.ref(StripeProvider.INTENT + intent),
            new Money(amount, currency(dp)),
            dp.path("reason").asText("general"),
            dueBy > 0 ? Optional.of(Instant.ofEpochSecond(dueBy)) : Optional.empty(),
            state,
            Json.write(summary("dispute", dp.path("id").asText(), status, amount))));
  }

  /**
   * A balance transaction as a statement line, read by its {@code type} (API.md v1.3): {@code
   * charge} and {@code payment} are money taken, {@code refund} and {@code payment_refund} money
   * paid back, an {@code adjustment} of a dispute the dispute's money; {@code stripe_fee} and the
   * other fees, payouts and the rest are no payment of ours. The amount is the source's, in the
   * currency the payer was charged in ({@code data.source} is expanded); the transaction's own
   * amount, fee and net are in the account's settlement currency. Lines are named by fairslot's
   * number where it knows one, else keep Stripe's id, so they show as unknown.
   */
  static StatementLine line(JsonNode bt, ProviderRefs refs) {
    JsonNode source = bt.path("source");
    String type = bt.path("type").asText();
    StatementLine.Kind kind =
        switch (type) {
          case "charge", "payment" -> StatementLine.Kind.PAYMENT;
          case "refund", "payment_refund" -> StatementLine.Kind.REFUND;
          case "adjustment" ->
              source.path("object").asText().equals("dispute")
                  ? StatementLine.Kind.DISPUTE
                  : StatementLine.Kind.OTHER;
          case "stripe_fee", "application_fee", "tax_fee", "stripe_fx_fee" ->
              StatementLine.Kind.FEE;
          case "payout", "payout_cancel", "payout_failure" -> StatementLine.Kind.PAYOUT;
          default -> StatementLine.Kind.OTHER;
        };
    String intent = source.path("payment_intent").asText(source.path("id").asText());
    String number =
        switch (kind) {
          case REFUND ->
              refs.ref(StripeProvider.REFUND + source.path("id").asText())
                  .orElse(source.path("id").asText());
          case PAYMENT, DISPUTE -> refs.ref(StripeProvider.INTENT + intent).orElse(intent);
          default -> bt.path("id").asText();
        };
    boolean charged = source.has("amount") && source.has("currency");
    Money amount =
        charged
            ? new Money(Math.abs(source.path("amount").asLong()), currency(source))
            : new Money(Math.abs(bt.path("amount").asLong()), currency(bt));
    return new StatementLine(
        kind,
        number,
        amount,
        bt.path("id").asText(),
        Optional.of(
            new StatementLine.Settled(
                currency(bt),
                bt.path("amount").asLong(),
                bt.path("fee").asLong(0),
                bt.path("net").asLong(bt.path("amount").asLong() - bt.path("fee").asLong(0)))));
  }

  /** Stripe writes currencies in lower case; fairslot's are ISO upper case. */
  private static String currency(JsonNode o) {
    return o.path("currency").asText("").toUpperCase(Locale.ROOT);
  }

  /** What finance keeps of a report: no card or customer fields. */
  private static Map<String, Object> summary(String kind, String id, String state, long amount) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("provider", StripeProvider.NAME);
    m.put("kind", kind);
    m.put("id", id);
    m.put("state", state);
    m.put("amountMinor", amount);
    return m;
  }
}
