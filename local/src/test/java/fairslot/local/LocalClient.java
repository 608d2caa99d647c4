package fairslot.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The HTTP side of a local runtime for the providers' ITs: calls with tokens, a venue with one
 * court whose slots each hold a booking, and the reads that show what was written (payment events,
 * finance exceptions, statuses).
 */
final class LocalClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  record Reply(int status, JsonNode json, String raw) {}

  private final String base;
  private final AtomicInteger hour = new AtomicInteger(6);
  private String resourceId;

  /** A runtime whose jobs run only when a test runs them, on a clock the tests move. */
  static LocalRuntime startOn(String table, java.time.Clock clock) {
    Settings tests = Settings.forTests(table);
    return LocalRuntime.start(
        new Settings(
            0,
            tests.table(),
            tests.bus(),
            tests.jwtSecret(),
            tests.paymentSecret(),
            clock,
            java.time.Duration.ofHours(6),
            tests.payments(),
            tests.paymentDelay()));
  }

  LocalClient(LocalRuntime runtime) {
    this.base = "http://127.0.0.1:" + runtime.port();
  }

  /** {@code n} copies of {@code request} let go at once: their replies, in order. */
  List<Reply> race(int n, Callable<Reply> request) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Reply>> answers = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return request.call();
              }));
    }
    go.countDown();
    List<Reply> replies = new ArrayList<>();
    for (Future<Reply> answer : answers) {
      replies.add(answer.get(3, TimeUnit.MINUTES));
    }
    pool.shutdown();
    return replies;
  }

  Reply call(String method, String path, String token, String body) throws Exception {
    return call(method, path, token, body, Map.of());
  }

  Reply call(String method, String path, String token, String body, Map<String, String> headers)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    headers.forEach(b::header);
    HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    boolean isJson = r.headers().firstValue("content-type").orElse("").contains("json");
    JsonNode json =
        r.body().isEmpty() || !isJson ? JSON.createObjectNode() : JSON.readTree(r.body());
    return new Reply(r.statusCode(), json, r.body());
  }

  /** The refund amounts the Stripe fake was asked for, for {@code intent}, in order. */
  List<Long> stripeRefunds(String intent) throws Exception {
    List<Long> amounts = new ArrayList<>();
    for (JsonNode r : call("GET", "/_local/stripe/requests", null, null).json().path("items")) {
      String body = URLDecoder.decode(r.path("body").asText(""), StandardCharsets.UTF_8);
      if (r.path("path").asText().equals("/v1/refunds") && body.contains(intent)) {
        for (String pair : body.split("&")) {
          if (pair.startsWith("amount=")) {
            amounts.add(Long.parseLong(pair.substring("amount=".length())));
          }
        }
      }
    }
    return amounts;
  }

  /** A fresh token (the runtime's clock may have moved since the last one). */
  String token(String sub, String group) throws Exception {
    return call(
            "POST",
            "/_local/token",
            null,
            "{\"sub\":\"" + sub + "\",\"groups\":[\"" + group + "\"]}")
        .json()
        .path("token")
        .asText();
  }

  /** A held booking of a fresh hour-long slot priced 88.00 CNY, two days from now. */
  String hold(String member) throws Exception {
    String slotId = slot(8800);
    Reply booked =
        call("POST", "/bookings", member, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");
    if (booked.status() != 201) {
      throw new AssertionError("booking answered " + booked.status() + " " + booked.raw());
    }
    return booked.json().path("bookingId").asText();
  }

  /**
   * A member linked to WeChat by {@code code} holds a seat and starts paying it with WeChat Pay
   * (the payer has not paid yet): the booking's id and the order's number.
   */
  String[] wechatOrder(String member, String code) throws Exception {
    call("PUT", "/me/wechat", member, "{\"code\":\"" + code + "\"}");
    String bookingId = hold(member);
    String paymentNo =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}")
            .json()
            .path("paymentNo")
            .asText();
    return new String[] {bookingId, paymentNo};
  }

  /**
   * A member holds a seat and pays it with Stripe, the card succeeding at the fake (its event
   * delivered): the booking's id, the payment's number and the intent's id.
   */
  String[] stripePaid(String member) throws Exception {
    String bookingId = hold(member);
    Reply paid =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");
    String intent = paid.json().path("client").path("paymentIntentId").asText();
    Reply card = call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    if (card.status() != 200 || !status(member, bookingId).equals("PAID")) {
      throw new AssertionError("the Stripe payment did not settle: " + card.raw());
    }
    return new String[] {bookingId, paid.json().path("paymentNo").asText(), intent};
  }

  /** A fresh hour-long slot of the same court, two days from now, priced {@code priceMinor}. */
  String slot(long priceMinor) throws Exception {
    String admin = token("providers-admin", "admin");
    if (resourceId == null) {
      String venueId =
          call("POST", "/venues", admin, "{\"name\":\"Court hall\",\"timeZone\":\"Asia/Shanghai\"}")
              .json()
              .path("venueId")
              .asText();
      resourceId =
          call(
                  "POST",
                  "/venues/" + venueId + "/resources",
                  admin,
                  "{\"name\":\"Court 1\",\"kind\":\"SEATS\",\"capacity\":4}")
              .json()
              .path("resourceId")
              .asText();
    }
    LocalDate day = LocalDate.now(ZoneId.of("Asia/Shanghai")).plusDays(2);
    int h = hour.getAndIncrement();
    String slotId =
        call(
                "POST",
                "/slots",
                admin,
                String.format(
                    "{\"resourceId\":\"%s\",\"start\":\"%sT%02d:00:00\",\"end\":\"%sT%02d:00:00\","
                        + "\"priceMinor\":%d,\"currency\":\"CNY\"}",
                    resourceId, day, h, day, h + 1, priceMinor))
            .json()
            .path("slotId")
            .asText();
    return slotId;
  }

  String status(String member, String bookingId) throws Exception {
    return call("GET", "/bookings/" + bookingId, member, null).json().path("status").asText();
  }

  /** The provider events recorded for the booking's payments. */
  int events(String bookingId) throws Exception {
    int n = 0;
    for (JsonNode p : payments(bookingId)) {
      n += p.path("events").size();
    }
    return n;
  }

  String paymentStatus(String bookingId) throws Exception {
    return payments(bookingId).path(0).path("status").asText();
  }

  JsonNode payments(String bookingId) throws Exception {
    return call("GET", "/bookings/" + bookingId + "/payments", token("fin", "finance"), null)
        .json()
        .path("items");
  }

  JsonNode financeExceptionItems() throws Exception {
    return call("GET", "/finance/exceptions?limit=200", token("fin", "finance"), null)
        .json()
        .path("items");
  }

  int financeExceptions() throws Exception {
    return financeExceptionItems().size();
  }

  JsonNode run(String job) throws Exception {
    return call("POST", "/_local/schedules/" + job + "/run", null, null).json();
  }
}
