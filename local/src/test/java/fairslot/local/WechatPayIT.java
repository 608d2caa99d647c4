package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.local.LocalClient.Reply;
import fairslot.local.wechatpay.FakeWechatPay;
import java.time.Instant;
import java.util.List;
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
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("wechat-it"));
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static FakeWechatPay fake() {
    return runtime.wechatPay();
  }

  private static Reply notify(Map<String, String> headers, String body) throws Exception {
    return api.call("POST", "/payments/wechatpay/notify", null, body, headers);
  }

  @Test
  void aLinkedMemberPaysThroughTheJsapiOrderAndWechatsNotificationSettlesTheBooking()
      throws Exception {
    String member = api.token("wx-payer", "customer");
    assertThat(api.call("PUT", "/me/wechat", member, "{\"code\":\"login-1\"}").status())
        .isEqualTo(200);
    String bookingId = api.hold(member);

    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    Reply again =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");

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
        api.call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}");

    assertThat(payerPays.status()).isEqualTo(200);
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    JsonNode sent = last(fake());
    assertThat(sent.path("answered").asInt()).isEqualTo(204);
    assertThat(sent.path("body").asText()).doesNotContain("out_trade_no"); // encrypted
  }

  @Test
  void aPaidBookingMovedToACheaperSlotGetsTheDifferenceBackUnderItsOwnRefundNumber()
      throws Exception {
    String member = api.token("wx-mover", "customer");
    String[] paid = paidWithWechat(member, "login-mover");
    String bookingId = paid[0];
    String paymentNo = paid[1];
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    String cheaper = api.slot(5000);

    Reply moved =
        api.call(
            "POST",
            "/bookings/" + bookingId + "/reschedule",
            member,
            "{\"toSlotId\":\"" + cheaper + "\"}");
    Reply finished =
        api.call(
            "POST",
            "/_local/wechatpay/refunds/R" + paymentNo + "-1/finish",
            null,
            "{\"status\":\"SUCCESS\",\"notify\":true}");

    assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
    assertThat(moved.json().path("amountMinor").asLong()).isEqualTo(5000);
    assertThat(finished.status()).as(finished.raw()).isEqualTo(200);
    JsonNode payment = api.payments(bookingId).path(0);
    assertThat(payment.path("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(payment.path("refunds").path(0).path("refundNo").asText())
        .isEqualTo("R" + paymentNo + "-1");
    assertThat(payment.path("refunds").path(0).path("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(payment.path("refunds").path(0).path("amountMinor").asLong()).isEqualTo(3800);
    assertThat(payment.path("refunds")).hasSize(1);
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
  }

  /**
   * The requests fairslot sends, as the fake received them (API.md v1.3): an order, its query, a
   * close and a refund each name Content-Type (with a body), Accept, Authorization and User-Agent
   * once.
   */
  @Test
  void everyRequestNamesEachOfWechatsHeadersOnce() throws Exception {
    String member = api.token("wx-headers", "customer");
    String bookingId = paidWithWechat(member, "login-headers")[0];
    api.call("POST", "/bookings/" + bookingId + "/cancel", member, null); // a refund

    JsonNode seen = api.call("GET", "/_local/wechatpay/requests", null, null).json().path("items");
    List<String> kinds = new java.util.ArrayList<>();
    for (JsonNode r : seen) {
      String what = r.path("method").asText() + " " + r.path("path").asText();
      if (!r.path("path").asText().startsWith("/v3/")) {
        continue; // the mini-program's sign-in (jscode2session) is another API, without these
      }
      JsonNode headers = r.path("headers");
      for (String name : List.of("Accept", "Authorization", "User-agent")) {
        assertThat(headers.path(name)).as("%s: %s", what, name).hasSize(1);
      }
      if (!r.path("body").asText().isEmpty()) {
        assertThat(headers.path("Content-type")).as("%s: Content-Type", what).hasSize(1);
      }
      kinds.add(what);
    }
    assertThat(kinds).anyMatch(k -> k.startsWith("POST /v3/pay/transactions/jsapi"));
    assertThat(kinds).anyMatch(k -> k.startsWith("POST /v3/refund/domestic/refunds"));
  }

  @Test
  void forgedAlteredStaleAndProbeNotificationsAreRefusedAndWriteNothingAndAReplayChangesNothing()
      throws Exception {
    String member = api.token("wx-forged", "customer");
    String[] order = api.wechatOrder(member, "login-2");
    String bookingId = order[0];
    String paymentNo = order[1];
    // WeChat's state changes, but its notification is lost: the tests below send it themselves.
    api.call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    assertThat(api.status(member, bookingId)).isEqualTo("PENDING_PAY");
    String body = fake().notificationBodyFor(paymentNo).orElseThrow();
    Map<String, String> good = fake().headersSignedAt(body, Instant.now());
    int eventsBefore = api.events(bookingId);
    int exceptionsBefore = api.financeExceptions();

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
    assertThat(api.status(member, bookingId)).isEqualTo("PENDING_PAY");
    assertThat(api.events(bookingId)).isEqualTo(eventsBefore);
    assertThat(api.financeExceptions()).isEqualTo(exceptionsBefore);

    Reply genuine = notify(good, body);
    int eventsAfter = api.events(bookingId);
    Reply replay = notify(good, body);

    assertThat(genuine.status()).isEqualTo(204);
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    assertThat(replay.status()).isEqualTo(204);
    assertThat(api.events(bookingId)).isEqualTo(eventsAfter);
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
  }

  @Test
  void withoutAWechatLinkOrWithAProviderNotConfiguredPayingIsRefusedAndNothingStarts()
      throws Exception {
    String member = api.token("wx-unlinked", "customer");
    String bookingId = api.hold(member);

    Reply unlinked =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    // Alipay is not configured here (WeChat Pay, Stripe and local are).
    Reply unknown =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"alipay\"}");
    Reply badCode = api.call("PUT", "/me/wechat", member, "{\"code\":\"bad-used\"}");

    assertThat(unlinked.status()).isEqualTo(409);
    assertThat(unlinked.json().path("code").asText()).isEqualTo("wechat_not_linked");
    assertThat(unknown.status()).isEqualTo(409);
    assertThat(unknown.json().path("code").asText()).isEqualTo("provider_unavailable");
    assertThat(badCode.status()).isEqualTo(422);
    assertThat(badCode.json().path("code").asText()).isEqualTo("invalid_code");
    assertThat(
            api.call("GET", "/bookings/" + bookingId + "/payments", member, null)
                .json()
                .path("items")
                .size())
        .isZero();
  }

  /** A member linked by {@code code} holds a seat and pays it through the fake: booking, number. */
  private static String[] paidWithWechat(String member, String code) throws Exception {
    String[] order = api.wechatOrder(member, code);
    api.call("POST", "/_local/wechatpay/transactions/" + order[1] + "/pay", null, "{}");
    return order;
  }

  private static JsonNode last(FakeWechatPay fake) {
    var all = fake.notifications();
    return JSON.valueToTree(all.get(all.size() - 1));
  }
}
