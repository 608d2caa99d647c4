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
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
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
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Pattern INTENT = Pattern.compile("/v1/payment_intents/([^/]+)");
  private static final Pattern CANCEL = Pattern.compile("/v1/payment_intents/([^/]+)/cancel");
  private static final Pattern REFUND = Pattern.compile("/v1/refunds/([^/]+)");

  final String secretKey = "sk_test_local_" + hex(12);
  final String webhookSecret = "whsec_" + hex(24);
  final Map<String, ObjectNode> intents = new ConcurrentHashMap<>();
  final Map<String, ObjectNode> refunds = new ConcurrentHashMap<>();
  private final Map<String, String> byIdempotencyKey = new ConcurrentHashMap<>();
  private final ReceivedRequests requests = new ReceivedRequests();
  private final FakeBalance balance;
  private final Clock clock;
  private final HttpServer server;
  private final FakeStripeEvents events;
  private final FakeDisputes disputes;

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

  static String hex(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    return HexFormat.of().formatHex(b);
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
   * A card is declined, as Stripe does it: the intent goes back to requires_payment_method with its
   * last_payment_error, stays open for another card, and payment_intent.payment_failed is sent.
   */
  public boolean decline(String id, String code, String declineCode, boolean notify) {
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
  public boolean settleIntent(String id, boolean succeed, boolean notify) {
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
        charge.put("id", "ch_" + hex(12));
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
  public boolean finishRefund(String id, String status, boolean notify) {
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

  /** A line that is no payment, {@code stripe_fee} or {@code payout}, in the balance (tests). */
  public void addBalanceLine(String type, long amount, String currency) {
    balance.other(type, amount, currency);
  }

  /** The account settles in {@code currency} at {@code rate} per unit charged (tests). */
  public void settleIn(String currency, double rate) {
    balance.settleIn(currency, rate);
  }

  /** A charge Stripe's balance shows for an intent fairslot never made (tests). */
  public void addUnknownCharge(long amount, String currency) {
    balance.unknownCharge(amount, currency);
  }

  /** The balance leaves out the intent's charge (tests). */
  public void dropCharge(String intentId) {
    balance.drop(intentId);
  }

  /** The balance shows another amount for the intent's charge than was paid (tests). */
  public void misstateCharge(String intentId, long amount) {
    balance.misstate(intentId, amount);
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
          form(query == null ? body : body + (body.isEmpty() ? "" : "&") + query);
      String auth = exchange.getRequestHeaders().getFirst("Authorization");
      ObjectNode answer;
      int status = 200;
      if (!("Bearer " + secretKey).equals(auth)) {
        status = 401;
        answer = error("invalid_api_key", "Invalid API Key provided");
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
      String id = "pi_" + hex(12);
      pi.put("id", id);
      pi.put("object", "payment_intent");
      pi.put("amount", Long.parseLong(form.getOrDefault("amount", "0")));
      pi.put("amount_received", 0);
      pi.put("currency", form.getOrDefault("currency", "usd"));
      pi.put("status", "requires_payment_method");
      pi.put("client_secret", id + "_secret_" + hex(12));
      pi.set("metadata", metadata(form));
      intents.put(id, pi);
      return pi.deepCopy();
    }
    if (method.equals("POST") && (m = CANCEL.matcher(path)).matches()) {
      ObjectNode pi = intents.get(m.group(1));
      if (pi == null) {
        return error("resource_missing", "No such payment_intent");
      }
      synchronized (pi) {
        if (pi.path("status").asText().equals("succeeded")) {
          return error("payment_intent_unexpected_state", "already succeeded");
        }
        pi.put("status", "canceled");
      }
      return pi.deepCopy();
    }
    if (method.equals("GET") && (m = INTENT.matcher(path)).matches()) {
      ObjectNode pi = intents.get(m.group(1));
      return pi == null ? error("resource_missing", "No such payment_intent") : pi.deepCopy();
    }
    if (method.equals("POST") && path.equals("/v1/refunds")) {
      ObjectNode pi = intents.get(form.getOrDefault("payment_intent", ""));
      if (pi == null || !pi.path("status").asText().equals("succeeded")) {
        return error("charge_not_refundable", "the payment intent has not succeeded");
      }
      long amount = Long.parseLong(form.getOrDefault("amount", pi.path("amount").asText()));
      if (amount > pi.path("amount").asLong()) {
        return error("amount_too_large", "Refund amount is greater than the charge");
      }
      ObjectNode re = Json.object();
      String id = "re_" + hex(12);
      re.put("id", id);
      re.put("object", "refund");
      re.put("amount", amount);
      re.put("currency", pi.path("currency").asText());
      re.put("payment_intent", pi.path("id").asText());
      re.put("status", refundsPending ? "pending" : "succeeded");
      re.put("created", clock.instant().getEpochSecond());
      re.set("metadata", metadata(form));
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
      return re == null ? error("resource_missing", "No such refund") : re.deepCopy();
    }
    return error("resource_missing", "Unrecognized request URL (" + method + " " + path + ")");
  }

  private static ObjectNode metadata(Map<String, String> form) {
    ObjectNode md = Json.object();
    form.forEach(
        (k, v) -> {
          if (k.startsWith("metadata[") && k.endsWith("]")) {
            md.put(k.substring(9, k.length() - 1), v);
          }
        });
    return md;
  }

  private static ObjectNode error(String code, String message) {
    ObjectNode e = Json.object();
    ObjectNode inner = e.putObject("error");
    inner.put("code", code);
    inner.put("message", message);
    inner.put("type", "invalid_request_error");
    return e;
  }

  private static Map<String, String> form(String body) {
    Map<String, String> m = new LinkedHashMap<>();
    if (body.isEmpty()) {
      return m;
    }
    for (String pair : body.split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        m.put(
            URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return m;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
