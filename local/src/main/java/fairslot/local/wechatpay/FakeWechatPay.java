package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import fairslot.local.ReceivedRequests;
import fairslot.messaging.wechatpay.WechatPayConfig;
import fairslot.shared.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;

/**
 * A local stand-in for WeChat Pay's APIv3 (JSAPI orders, close, query, refunds) and for
 * code2Session, on its own loopback port. It checks fairslot's request signatures, signs its
 * answers with its platform key, and sends signed, encrypted notifications when a test (or a
 * person, through {@code /_local/wechatpay/...}) says the payer paid or a refund finished.
 */
public final class FakeWechatPay implements AutoCloseable {
  public static final String MCH_ID = "1900000109";
  public static final String APP_ID = "wxd678efh567hg6787";
  static final String APP_SECRET = "local-app-secret";

  final FakeWechatKeys keys;
  final Map<String, Order> orders = new ConcurrentHashMap<>();
  final Map<String, RefundOrder> refunds = new ConcurrentHashMap<>();

  /** Codes the next refund requests are refused with, in order (refunds:fail-next). */
  final Queue<String> refundRefusals = new ConcurrentLinkedQueue<>();

  final FakeTradeBills bills = new FakeTradeBills(this);

  public final FakeMiniProgram miniProgram;

  private final List<Map<String, Object>> sent = new ArrayList<>();
  private final Clock clock;
  private final HttpServer server;
  private final ReceivedRequests requests = new ReceivedRequests();
  private final FakeOrders api;
  private final FakeNotifier notifier;

  private FakeWechatPay(Clock clock, boolean certificates) throws IOException {
    this.keys = new FakeWechatKeys(certificates);
    this.clock = clock;
    this.miniProgram = new FakeMiniProgram(clock);
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    this.notifier = new FakeNotifier(keys, clock);
    this.api = new FakeOrders(this);
    server.createContext("/", this::serve);
    server.setExecutor(Executors.newFixedThreadPool(4, r -> daemon(r)));
    server.start();
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "fake-wechatpay");
    t.setDaemon(true);
    return t;
  }

  /** A fake whose notifications carry {@code clock}'s time (the runtime's, which may be moved). */
  public static FakeWechatPay start(Clock clock) {
    return start(clock, false);
  }

  /** The same, for a merchant on platform certificates when {@code certificates}. */
  public static FakeWechatPay start(Clock clock, boolean certificates) {
    try {
      return new FakeWechatPay(clock, certificates);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the WeChat Pay fake", e);
    }
  }

  public URI base() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** Notifications go to this runtime's notify route (a real merchant sets it as notify_url). */
  public void notifyTo(URI notifyUrl) {
    notifier.target(notifyUrl);
  }

  /** Notifications go to {@code sink} in-process (chaos), which answers the route's status. */
  public void notifyWith(BiFunction<Map<String, String>, String, Integer> sink) {
    notifier.sink(sink);
  }

  /** What {@code Wechatpay-Serial} names for the key the fake signs with now. */
  public String platformSerial() {
    return keys.platformSerial();
  }

  public String platformPublicKeyPem() {
    return keys.platformPublicPem();
  }

  /** The signing key's private half: a test key made at start-up, for the conformance checks. */
  public String platformPrivateKeyPem() {
    return FakeWechatKeys.pem("PRIVATE KEY", keys.current().pair().getPrivate().getEncoded());
  }

  /**
   * WeChat rotates its platform key (API.md v1.3): a new one signs from now on. On certificates,
   * its certificate is listed at {@code GET /v3/certificates} beside the old ones. The new serial.
   */
  public String rotatePlatformKey() {
    return keys.rotate();
  }

  /**
   * The merchant settings fairslot reads from its secret, pointed at this fake: the platform public
   * key in public-key mode; on certificates, none (fairslot downloads them).
   */
  public WechatPayConfig config(String notifyUrl) {
    return new WechatPayConfig(
        MCH_ID,
        APP_ID,
        keys.merchantPrivatePem(),
        keys.merchantSerial,
        keys.apiV3Key,
        keys.certificates ? Map.of() : Map.of(keys.current().keyId(), keys.platformPublicPem()),
        keys.certificates,
        notifyUrl,
        APP_SECRET,
        base(),
        base());
  }

  /** The payer pays the order; false if there is no such open order. */
  public boolean pay(String outTradeNo, boolean notify) {
    return pay(outTradeNo, notify, 0);
  }

  /** The payer pays the order with a merchant coupon of {@code couponFen} (less than the total). */
  public boolean pay(String outTradeNo, boolean notify, long couponFen) {
    Order order = orders.get(outTradeNo);
    if (order == null || couponFen < 0 || couponFen >= order.total) {
      return false;
    }
    if (!order.pay(clock.instant(), couponFen)) {
      return false;
    }
    if (notify) {
      record(notifier.transaction(order));
    }
    return true;
  }

  /** A refund ends SUCCESS, CLOSED or ABNORMAL; false if there is no such processing refund. */
  public boolean finishRefund(String outRefundNo, String status, boolean notify) {
    RefundOrder refund = refunds.get(outRefundNo);
    if (refund == null || !refund.finish(status, clock.instant())) {
      return false;
    }
    if (notify) {
      record(notifier.refund(refund));
    }
    return true;
  }

  /** Every notification sent, oldest first, with its exact headers and body. */
  /** Every request the fake received, oldest first ({@link fairslot.local.ReceivedRequests}). */
  public List<Map<String, Object>> requests() {
    return requests.items();
  }

  public synchronized List<Map<String, Object>> notifications() {
    return List.copyOf(sent);
  }

  /** A line WeChat's bill of {@code day} carries that no order of fairslot's made (tests). */
  public void addBillLine(LocalDate day, String outTradeNo, long fen) {
    bills.extra(day, outTradeNo, fen);
  }

  /** The bill leaves out an order's payment, or a refund, by its number (tests). */
  public void omitFromBill(String number) {
    bills.omit(number);
  }

  /** The bill shows another amount for the order than was paid (tests). */
  public void misstateBillAmount(String outTradeNo, long fen) {
    bills.misstate(outTradeNo, fen);
  }

  /** The state WeChat holds for an order, as its query would say. */
  public Optional<String> tradeState(String outTradeNo) {
    return Optional.ofNullable(orders.get(outTradeNo)).map(Order::state);
  }

  /** The next refund request is refused with {@code code}, as WeChat refuses it (tests). */
  public void failNextRefund(String code) {
    refundRefusals.add(code);
  }

  /** How many refunds WeChat holds for an order (asking again under one number makes none). */
  public long refundsOf(String outTradeNo) {
    return refunds.values().stream().filter(r -> r.order.outTradeNo.equals(outTradeNo)).count();
  }

  public Optional<String> refundStatus(String outRefundNo) {
    return Optional.ofNullable(refunds.get(outRefundNo)).map(RefundOrder::status);
  }

  /** A genuine notification body for the order as it stands, encrypted but not sent (tests). */
  public Optional<String> notificationBodyFor(String outTradeNo) {
    return Optional.ofNullable(orders.get(outTradeNo)).map(notifier::transactionBody);
  }

  /** Headers WeChat's platform key would sign {@code body} with at {@code at} (replays, tests). */
  public Map<String, String> headersSignedAt(String body, Instant at) {
    String timestamp = Long.toString(at.getEpochSecond());
    String nonce = FakeWechatKeys.text(32);
    return Map.of(
        "Wechatpay-Timestamp",
        timestamp,
        "Wechatpay-Nonce",
        nonce,
        "Wechatpay-Serial",
        keys.platformSerial(),
        "Wechatpay-Signature",
        keys.signAsWechat(timestamp + "\n" + nonce + "\n" + body + "\n"));
  }

  /**
   * Whether {@code paySign} is the merchant's signature over the client's fields, as WeChat checks.
   */
  public boolean paySignIsValid(JsonNode client) {
    String message =
        client.path("appId").asText()
            + "\n"
            + client.path("timeStamp").asText()
            + "\n"
            + client.path("nonceStr").asText()
            + "\n"
            + client.path("package").asText()
            + "\n";
    return FakeWechatKeys.verify(
        keys.merchant.getPublic(), message, client.path("paySign").asText());
  }

  private synchronized void record(Map<String, Object> notification) {
    sent.add(notification);
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      requests.record(exchange, body);
      FakeOrders.Answer answer = api.answer(exchange, body);
      answer(exchange, answer);
    }
  }

  /** Signs the answer over {@code timestamp\nnonce\nbody\n} with the system's time, as WeChat. */
  private void answer(HttpExchange exchange, FakeOrders.Answer answer) throws IOException {
    String body =
        answer.text() != null
            ? answer.text()
            : answer.body() == null ? "" : Json.write(answer.body());
    var h = exchange.getResponseHeaders();
    Map<String, String> signed = headersSignedAt(body, Instant.now());
    if (answer.signed()) {
      signed.forEach(h::set);
    }
    h.set("Request-ID", "fake-" + signed.get("Wechatpay-Nonce"));
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    if (bytes.length == 0) {
      exchange.sendResponseHeaders(answer.status(), -1);
      return;
    }
    h.set(
        "Content-Type",
        answer.text() != null ? "text/plain; charset=utf-8" : "application/json; charset=utf-8");
    exchange.sendResponseHeaders(answer.status(), bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
