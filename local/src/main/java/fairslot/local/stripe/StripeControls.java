package fairslot.local.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalControls;
import fairslot.shared.Json;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The local runtime's controls of the Stripe fake (API.md, "Real payment providers" and v1.3):
 * {@code POST /_local/stripe/payment_intents/{id}/succeed {notify}}, {@code POST .../fail {code?,
 * declineCode?, notify}} (a decline: the intent stays open for another card), {@code POST
 * /_local/stripe/refunds/{id}/finish {status: succeeded|failed, notify}}, {@code POST
 * .../payment_intents/{id}/dispute {reason?, notify}} and {@code POST
 * /_local/stripe/disputes/{id}/close {status: won|lost, notify}}, {@code GET
 * /_local/stripe/events}, {@code GET /_local/stripe/requests}.
 */
public final class StripeControls implements LocalControls {
  private static final Pattern SETTLE =
      Pattern.compile("/_local/stripe/payment_intents/([^/]+)/(succeed|fail)");
  private static final Pattern DISPUTE =
      Pattern.compile("/_local/stripe/payment_intents/([^/]+)/dispute");
  private static final Pattern CLOSE = Pattern.compile("/_local/stripe/disputes/([^/]+)/close");
  private static final Pattern FINISH = Pattern.compile("/_local/stripe/refunds/([^/]+)/finish");

  private final FakeStripe fake;

  public StripeControls(FakeStripe fake) {
    this.fake = fake;
  }

  @Override
  public Optional<Reply> handle(String method, String path, String body) {
    if (!path.startsWith("/_local/stripe/")) {
      return Optional.empty();
    }
    if (method.equals("GET") && path.equals("/_local/stripe/events")) {
      return Optional.of(new Reply(200, Json.write(Map.of("items", fake.events()))));
    }
    if (method.equals("GET") && path.equals("/_local/stripe/requests")) {
      return Optional.of(new Reply(200, Json.write(Map.of("items", fake.requests()))));
    }
    JsonNode in;
    try {
      in = body == null || body.isEmpty() ? Json.object() : Json.mapper().readTree(body);
    } catch (IOException e) {
      in = Json.object();
    }
    boolean notify = in.path("notify").asBoolean(true);
    Matcher m;
    if (method.equals("POST") && (m = SETTLE.matcher(path)).matches()) {
      boolean succeed = m.group(2).equals("succeed");
      boolean moved =
          succeed
              ? fake.settleIntent(m.group(1), true, notify)
              : fake.decline(
                  m.group(1),
                  in.path("code").asText("card_declined"),
                  in.path("declineCode").asText("generic_decline"),
                  notify);
      return Optional.of(
          moved
              ? new Reply(200, Json.write(Map.of("succeeded", succeed, "notified", notify)))
              : notFound("no open payment intent " + m.group(1)));
    }
    if (method.equals("POST") && (m = DISPUTE.matcher(path)).matches()) {
      String intent = m.group(1);
      return Optional.of(
          fake.disputes()
              .open(intent, in.path("reason").asText("fraudulent"), notify)
              .map(id -> new Reply(200, Json.write(Map.of("disputeId", id, "notified", notify))))
              .orElseGet(() -> notFound("no succeeded payment intent " + intent)));
    }
    if (method.equals("POST") && (m = CLOSE.matcher(path)).matches()) {
      String status = in.path("status").asText("");
      if (!status.equals("won") && !status.equals("lost")) {
        return Optional.of(unprocessable("status must be won or lost"));
      }
      return Optional.of(
          fake.disputes().close(m.group(1), status, notify)
              ? new Reply(200, Json.write(Map.of("status", status, "notified", notify)))
              : notFound("no open dispute " + m.group(1)));
    }
    if (method.equals("POST") && (m = FINISH.matcher(path)).matches()) {
      String status = in.path("status").asText("succeeded");
      if (!status.matches("succeeded|failed|requires_action")) {
        return Optional.of(unprocessable("status must be succeeded, failed or requires_action"));
      }
      return Optional.of(
          fake.finishRefund(m.group(1), status, notify)
              ? new Reply(200, Json.write(Map.of("status", status, "notified", notify)))
              : notFound("no pending refund " + m.group(1)));
    }
    return Optional.of(notFound("no Stripe control " + method + " " + path));
  }

  private static Reply unprocessable(String detail) {
    return new Reply(422, Json.write(Map.of("code", "invalid_request", "detail", detail)));
  }

  private static Reply notFound(String detail) {
    return new Reply(404, Json.write(Map.of("code", "not_found", "detail", detail)));
  }
}
