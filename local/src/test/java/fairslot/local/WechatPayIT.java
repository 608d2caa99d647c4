package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.local.wechatpay.FakeWechatPay;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * WeChat Pay end to end on the local runtime: a member links WeChat, pays through the fake's JSAPI
 * order, and the fake's real signed, encrypted notification settles the booking at the notify
 * route; forged, altered, stale and probe notifications are refused and write nothing; a replay
 * byte for byte changes nothing.
 */
class WechatPayIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static LocalRuntime runtime;
  private static String base;
  private static String admin;
  private static String venueResource;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(LocalRuntime.Settings.forTests("wechat-it"));
    base = "http://127.0.0.1:" + runtime.port();
    admin = token("wx-admin", "admin");
    String venueId =
        call("POST", "/venues", admin, "{\"name\":\"Court hall\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
    venueResource =
        call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Court 1\",\"kind\":\"SEATS\",\"capacity\":4}")
            .json()
            .path("resourceId")
            .asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  record Reply(int status, JsonNode json, String raw) {}

  static Reply call(String method, String path, String token, String body) throws Exception {
    return call(method, path, token, body, Map.of());
  }

  static Reply call(
      String method, String path, String token, String body, Map<String, String> headers)
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
    JsonNode json = r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
    return new Reply(r.statusCode(), json, r.body());
  }

  static String token(String sub, String group) throws Exception {
    return call(
            "POST",
            "/_local/token",
            null,
            "{\"sub\":\"" + sub + "\",\"groups\":[\"" + group + "\"]}")
        .json()
        .path("token")
        .asText();
  }

  private static int hour = 6;

  /** A held booking of a fresh slot priced in CNY, for a member linked to WeChat. */
  private static String hold(String member) throws Exception {
    LocalDate day = LocalDate.now(ZoneId.of("Asia/Shanghai")).plusDays(2);
    int h = hour++;
    String slotId =
        call(
                "POST",
                "/slots",
                admin,
                String.format(
                    "{\"resourceId\":\"%s\",\"start\":\"%sT%02d:00:00\",\"end\":\"%sT%02d:00:00\","
                        + "\"priceMinor\":8800,\"currency\":\"CNY\"}",
                    venueResource, day, h, day, h + 1))
            .json()
            .path("slotId")
            .asText();
    Reply booked =
        call("POST", "/bookings", member, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");
    assertThat(booked.status()).isEqualTo(201);
    return booked.json().path("bookingId").asText();
  }

  private static FakeWechatPay fake() {
    return runtime.wechatPay();
  }

  private static String status(String member, String bookingId) throws Exception {
    return call("GET", "/bookings/" + bookingId, member, null).json().path("status").asText();
  }

  private static int events(String bookingId) throws Exception {
    JsonNode items =
        call("GET", "/bookings/" + bookingId + "/payments", token("wx-fin", "finance"), null)
            .json()
            .path("items");
    int n = 0;
    for (JsonNode p : items) {
      n += p.path("events").size();
    }
    return n;
  }

  private static int financeExceptions() throws Exception {
    return call("GET", "/finance/exceptions?limit=200", token("wx-fin", "finance"), null)
        .json()
        .path("items")
        .size();
  }

  private static Reply notify(Map<String, String> headers, String body) throws Exception {
    return call("POST", "/payments/wechatpay/notify", null, body, headers);
  }

  @Test
  void aLinkedMemberPaysThroughTheJsapiOrderAndWechatsNotificationSettlesTheBooking()
      throws Exception {
    String member = token("wx-payer", "customer");
    assertThat(call("PUT", "/me/wechat", member, "{\"code\":\"login-1\"}").status()).isEqualTo(200);
    String bookingId = hold(member);

    Reply paid =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    Reply again =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");

    assertThat(paid.status()).isEqualTo(200);
    String paymentNo = paid.json().path("paymentNo").asText();
    JsonNode client = paid.json().path("client");
    assertThat(paymentNo).hasSizeLessThanOrEqualTo(32);
    assertThat(paid.json().path("provider").asText()).isEqualTo("wechatpay");
    assertThat(client.path("appId").asText()).isEqualTo(FakeWechatPay.APP_ID);
    assertThat(client.path("package").asText()).startsWith("prepay_id=wx");
    assertThat(client.path("signType").asText()).isEqualTo("RSA");
    assertThat(fake().paySignIsValid(client)).isTrue();
    // Paying again reopens the same order: the same payment and prepay_id, fresh signature.
    assertThat(again.json().path("paymentNo").asText()).isEqualTo(paymentNo);
    assertThat(again.json().path("client").path("package").asText())
        .isEqualTo(client.path("package").asText());
    assertThat(fake().paySignIsValid(again.json().path("client"))).isTrue();

    Reply payerPays =
        call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}");

    assertThat(payerPays.status()).isEqualTo(200);
    assertThat(status(member, bookingId)).isEqualTo("PAID");
    JsonNode sent = last(fake());
    assertThat(sent.path("answered").asInt()).isEqualTo(204);
    assertThat(sent.path("body").asText()).doesNotContain("out_trade_no"); // encrypted
  }

  @Test
  void forgedAlteredStaleAndProbeNotificationsAreRefusedAndWriteNothingAndAReplayChangesNothing()
      throws Exception {
    String member = token("wx-forged", "customer");
    call("PUT", "/me/wechat", member, "{\"code\":\"login-2\"}");
    String bookingId = hold(member);
    String paymentNo =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}")
            .json()
            .path("paymentNo")
            .asText();
    // WeChat's state changes, but its notification is lost: the tests below send it themselves.
    call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    assertThat(status(member, bookingId)).isEqualTo("PENDING_PAY");
    String body = fake().notificationBodyFor(paymentNo).orElseThrow();
    Map<String, String> good = fake().headersSignedAt(body, Instant.now());
    int eventsBefore = events(bookingId);
    int exceptionsBefore = financeExceptions();

    Reply altered = notify(good, body.replace("\"id\":\"", "\"id\":\"x"));
    Reply stale = notify(fake().headersSignedAt(body, Instant.now().minusSeconds(600)), body);
    Map<String, String> probe = new java.util.HashMap<>(good);
    probe.put("Wechatpay-Signature", "WECHATPAY/SIGNTEST/" + good.get("Wechatpay-Signature"));
    Reply probed = notify(probe, body);
    Map<String, String> otherKey = new java.util.HashMap<>(good);
    otherKey.put("Wechatpay-Serial", "PUB_KEY_ID_not_ours");
    Reply wrongKey = notify(otherKey, body);
    Reply unsigned = notify(Map.of(), body);

    for (Reply refused : java.util.List.of(altered, stale, probed, wrongKey, unsigned)) {
      assertThat(refused.status()).isEqualTo(401);
      assertThat(refused.json().path("code").asText()).isEqualTo("FAIL");
    }
    assertThat(status(member, bookingId)).isEqualTo("PENDING_PAY");
    assertThat(events(bookingId)).isEqualTo(eventsBefore);
    assertThat(financeExceptions()).isEqualTo(exceptionsBefore);

    Reply genuine = notify(good, body);
    int eventsAfter = events(bookingId);
    Reply replay = notify(good, body);

    assertThat(genuine.status()).isEqualTo(204);
    assertThat(status(member, bookingId)).isEqualTo("PAID");
    assertThat(replay.status()).isEqualTo(204);
    assertThat(events(bookingId)).isEqualTo(eventsAfter);
    assertThat(status(member, bookingId)).isEqualTo("PAID");
  }

  @Test
  void withoutAWechatLinkOrWithAProviderNotConfiguredPayingIsRefusedAndNothingStarts()
      throws Exception {
    String member = token("wx-unlinked", "customer");
    String bookingId = hold(member);

    Reply unlinked =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    // Alipay is not configured here (WeChat Pay, Stripe and local are).
    Reply unknown =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"alipay\"}");
    Reply badCode = call("PUT", "/me/wechat", member, "{\"code\":\"bad-used\"}");

    assertThat(unlinked.status()).isEqualTo(409);
    assertThat(unlinked.json().path("code").asText()).isEqualTo("wechat_not_linked");
    assertThat(unknown.status()).isEqualTo(409);
    assertThat(unknown.json().path("code").asText()).isEqualTo("provider_unavailable");
    assertThat(badCode.status()).isEqualTo(422);
    assertThat(badCode.json().path("code").asText()).isEqualTo("invalid_code");
    assertThat(
            call("GET", "/bookings/" + bookingId + "/payments", member, null)
                .json()
                .path("items")
                .size())
        .isZero();
  }

  private static JsonNode last(FakeWechatPay fake) {
    var all = fake.notifications();
    return JSON.valueToTree(all.get(all.size() - 1));
  }
}
