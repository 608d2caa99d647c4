package fairslot.local.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import fairslot.local.ReceivedRequests;
import fairslot.shared.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local stand-in for Stripe's PaymentIntents and refunds, on its own loopback port: it checks the
 * bearer secret key, honours Idempotency-Key (a replayed key answers the first response), and sends
 * signed events to the webhook route when a test or a person says what happened.
 */
public final class FakeStripe implements AutoCloseable {
  private static final Pattern INTENT = Pattern.compile("/v1/payment_intents/([^/]+)");
  private static final Pattern CANCEL = Pattern.compile("/v1/payment_intents/([^/]+)/cancel");
  private static final Pattern REFUND = Pattern.compile("/v1/refunds/([^/]+)");

  final String secretKey = "sk_test_local_" + StripeWire.hex(12);
  final String webhookSecret = "whsec_" + StripeWire.hex(24);
  final Map<String, ObjectNode> intents = new ConcurrentHashMap<>();
  final Map<String, ObjectNode> refunds = new ConcurrentHashMap<>();
  private final Map<String, String> byIdempotencyKey = new ConcurrentHashMap<>();
  private final ReceivedRequests requests = new ReceivedRequests();
  private final FakeBalance balance;
  private final Clock clock;
  private final HttpServer server;
  private final FakeStripeEvents events;
  private final FakeDisputes disputes;
  private final FakePayers payers;

  /**
   * Card refunds are mostly {@code succeeded} at creation, as Stripe makes them; {@code
   * FAIRSLOT_FAKE_STRIPE_REFUNDS=pending} (or a test) makes them wait for {@code /finish}.
   */
  private volatile boolean refundsPending =
      "pending".equals(System.getenv("FAIRSLOT_FAKE_STRIPE_REFUNDS"));

  /** Events Stripe sends after it answered the request that caused them, never inside it. */
  private final ThreadLocal<List<Runnable>> afterAnswer = ThreadLocal.withInitial(ArrayList::new);

  private FakeStripe(Clock clock) throws IOException {
    this.events = new FakeStripeEvents(webhookSecret, clock);
    this.clock = clock;
    this.balance = new FakeBalance(clock);
    this.disputes = new FakeDisputes(intents, events, balance, clock);
    this.payers = new FakePayers(intents, refunds, balance, events);
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::serve);
    server.setExecutor(
        Executors.newFixedThreadPool(
            4,
            r -> {
              Thread t = new Thread(r, "fake-stripe");
              t.setDaemon(true);
              return t;
            }));
    server.start();
  }

  public static FakeStripe start(Clock clock) {
    try {
      return new FakeStripe(clock);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the Stripe fake", e);
    }
  }

  /** The account's settings as fairslot reads them from its secret, pointed at this fake. */
  public String secretJson() {
    return Json.write(
        Map.of(
            "secretKey", secretKey,
            "webhookSecret", webhookSecret,
            "apiBase", "http://127.0.0.1:" + server.getAddress().getPort()));
  }

  /** Events go to {@code sink} in-process (chaos), which answers the route's status. */
  public void webhookWith(BiFunction<String, String, Integer> sink) {
    events.sink(sink);
  }

  public void webhookTo(URI url) {
    events.target(url);
  }

  public List<Map<String, Object>> events() {
    return events.sent();
  }

  /** A header Stripe's signing would give {@code body} at {@code at} (replays, tests). */
  public String signatureAt(String body, Instant at) {
    return events.signature(body, at.getEpochSecond());
  }

  /** Every request the fake received, oldest first ({@link fairslot.local.ReceivedRequests}). */
  public List<Map<String, Object>> requests() {
    return requests.items();
  }

  /** The payers' banks: disputes of succeeded charges, and their decisions. */
  public FakeDisputes disputes() {
    return disputes;
  }

  /** Whether new refunds wait as {@code pending} (else {@code succeeded} at creation). */
  public void refundsPending(boolean pending) {
    this.refundsPending = pending;
  }

  public int intentCount() {
    return intents.size();
  }

  /**
   * A card is declined, as Stripe does it: the intent stays open for another card, and
   * payment_intent.payment_failed is sent ({@link FakePayers#decline}).
   */
  public boolean decline(String id, String code, String declineCode, boolean notify) {
    return payers.decline(id, code, declineCode, notify);
  }

  /** The payer's card succeeds (or fails): the intent moves and, with notify, its event is sent. */
  public boolean settleIntent(String id, boolean succeed, boolean notify) {
    return payers.settleIntent(id, succeed, notify);
  }

  /** A pending refund ends {@code succeeded} or {@code failed}, or waits for the payer. */
  public boolean finishRefund(String id, String status, boolean notify) {
    return payers.finishRefund(id, status, notify);
  }

  /**
   * The account's balance, which tests shape (settlement currency, fees, payouts, misstatements).
   */
  public FakeBalance balance() {
    return balance;
  }

  public Optional<String> intentStatus(String id) {
    return Optional.ofNullable(intents.get(id)).map(pi -> pi.path("status").asText());
  }

  /** A genuine event body for the intent as it stands, not sent (tests). */
  public Optional<String> eventBodyFor(String intentId, String type) {
    return Optional.ofNullable(intents.get(intentId)).map(pi -> events.body(type, pi));
  }

  public List<JsonNode> refunds() {
    return List.copyOf(refunds.values());
  }

  public long refundsOf(String intentId) {
    return refunds.values().stream()
        .filter(r -> r.path("payment_intent").asText().equals(intentId))
        .count();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String query = exchange.getRequestURI().getRawQuery();
      requests.record(exchange, body);
      Map<String, String> form =
          StripeWire.form(query == null ? body : body + (body.isEmpty() ? "" : "&") + query);
      String auth = exchange.getRequestHeaders().getFirst("Authorization");
      ObjectNode answer;
      int status = 200;
      if (!("Bearer " + secretKey).equals(auth)) {
        status = 401;
        answer = StripeWire.error("invalid_api_key", "Invalid API Key provided");
      } else {
        String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getRawPath();
        String replay = key == null ? null : byIdempotencyKey.get(key);
        if (replay != null) {
          answer = (ObjectNode) Json.mapper().readTree(replay);
        } else {
          answer = route(method, path, form);
          if (answer.has("error")) {
            status = 400;
          } else if (key != null) {
            byIdempotencyKey.putIfAbsent(key, Json.write(answer));
            answer = (ObjectNode) Json.mapper().readTree(byIdempotencyKey.get(key));
          }
        }
        if (answer.path("error").path("code").asText().equals("resource_missing")) {
          status = 404;
        }
      }
      byte[] bytes = Json.write(answer).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(status, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } finally {
      List<Runnable> later = List.copyOf(afterAnswer.get());
      afterAnswer.get().clear();
      later.forEach(Runnable::run);
    }
  }

  private ObjectNode route(String method, String path, Map<String, String> form) {
    Matcher m;
    if (method.equals("POST") && path.equals("/v1/payment_intents")) {
      ObjectNode pi = Json.object();
      String id = "pi_" + StripeWire.hex(12);
      pi.put("id", id);
      pi.put("object", "payment_intent");
      pi.put("amount", Long.parseLong(form.getOrDefault("amount", "0")));
      pi.put("amount_received", 0);
      pi.put("currency", form.getOrDefault("currency", "usd"));
      pi.put("status", "requires_payment_method");
      pi.put("client_secret", id + "_secret_" + StripeWire.hex(12));
      pi.set("metadata", StripeWire.metadata(form));
      intents.put(id, pi);
      return pi.deepCopy();
    }
    if (method.equals("POST") && (m = CANCEL.matcher(path)).matches()) {
      ObjectNode pi = intents.get(m.group(1));
      if (pi == null) {
        return StripeWire.error("resource_missing", "No such payment_intent");
      }
      synchronized (pi) {
        if (pi.path("status").asText().equals("succeeded")) {
          return StripeWire.error("payment_intent_unexpected_state", "already succeeded");
        }
        pi.put("status", "canceled");
      }
      return pi.deepCopy();
    }
    if (method.equals("GET") && (m = INTENT.matcher(path)).matches()) {
      ObjectNode pi = intents.get(m.group(1));
      return pi == null
          ? StripeWire.error("resource_missing", "No such payment_intent")
          : pi.deepCopy();
    }
    if (method.equals("POST") && path.equals("/v1/refunds")) {
      ObjectNode pi = intents.get(form.getOrDefault("payment_intent", ""));
      if (pi == null || !pi.path("status").asText().equals("succeeded")) {
        return StripeWire.error("charge_not_refundable", "the payment intent has not succeeded");
      }
      long amount = Long.parseLong(form.getOrDefault("amount", pi.path("amount").asText()));
      if (amount > pi.path("amount").asLong()) {
        return StripeWire.error("amount_too_large", "Refund amount is greater than the charge");
      }
      ObjectNode re = Json.object();
      String id = "re_" + StripeWire.hex(12);
      re.put("id", id);
      re.put("object", "refund");
      re.put("amount", amount);
      re.put("currency", pi.path("currency").asText());
      re.put("payment_intent", pi.path("id").asText());
      re.put("status", refundsPending ? "pending" : "succeeded");
      re.put("created", clock.instant().getEpochSecond());
      re.set("metadata", StripeWire.metadata(form));
      refunds.put(id, re);
      if (!refundsPending) {
        balance.line("refund", -amount, re.path("currency").asText(), re.deepCopy());
      }
      ObjectNode created = re.deepCopy();
      afterAnswer.get().add(() -> events.send("refund.created", created));
      return re.deepCopy();
    }
    if (method.equals("GET") && path.equals("/v1/balance_transactions")) {
      return balance.list(form);
    }
    if (method.equals("GET") && (m = REFUND.matcher(path)).matches()) {
      ObjectNode re = refunds.get(m.group(1));
      return re == null ? StripeWire.error("resource_missing", "No such refund") : re.deepCopy();
    }
    return StripeWire.error(
        "resource_missing", "Unrecognized request URL (" + method + " " + path + ")");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
