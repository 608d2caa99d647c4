package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import fairslot.shared.Output;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 63's "Done when", as a new member would try it on the local runtime: sign in with a WeChat
 * code, get a verified phone in one call, grant a subscribe message, book and pay, and receive the
 * confirmation as a subscribe message; then, the send used up, by SMS; WeChat's 43101 falls back
 * the same way; a member with no verified phone gets it in-app. Nothing is lost, and the fall-back
 * is on record in /me/notifications.
 */
class WechatNotificationsIT {
  private static final String CONFIRMED = "tmpl-booking-confirmed";
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("wechat-notifications-it"));
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** A member signed in with WeChat as {@code openid}: their token. */
  private static String signedIn(String openid) throws Exception {
    String code =
        api.call("POST", "/_local/wechat/login-codes", null, "{\"openid\":\"" + openid + "\"}")
            .json()
            .path("code")
            .asText();
    Reply in = api.call("POST", "/auth/wechat", null, "{\"code\":\"" + code + "\"}");
    assertThat(in.status()).isEqualTo(200);
    return in.json().path("token").asText();
  }

  private static void verifiedPhone(String token, String phone) throws Exception {
    String code =
        api.call("POST", "/_local/wechat/phone-codes", null, "{\"phone\":\"" + phone + "\"}")
            .json()
            .path("code")
            .asText();
    Reply verified = api.call("POST", "/me/phone/wechat", token, "{\"code\":\"" + code + "\"}");
    assertThat(verified.json().path("phoneVerified").asBoolean()).isTrue();
  }

  private static Reply grant(String token, String templateId, String result) throws Exception {
    return api.call(
        "POST",
        "/me/wechat/subscriptions",
        token,
        "{\"grants\":[{\"templateId\":\"" + templateId + "\",\"result\":\"" + result + "\"}]}");
  }

  /** Books a seat and pays it with WeChat Pay; the notifications job runs; the booking's id. */
  private static String bookedAndPaid(String token) throws Exception {
    String bookingId = api.hold(token);
    String paymentNo =
        api.call("POST", "/bookings/" + bookingId + "/pay", token, "{\"provider\":\"wechatpay\"}")
            .json()
            .path("paymentNo")
            .asText();
    api.call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}");
    assertThat(api.status(token, bookingId)).isEqualTo("PAID");
    api.run("send-notifications");
    return bookingId;
  }

  /**
   * The member's notifications about {@code ref}, as channel:status, once none is PENDING (the
   * local scheduler runs the job every second too, so a run may be finishing it): waits up to 30 s.
   */
  private static List<String> channels(String token, String ref) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    List<String> seen = channelsNow(token, ref);
    while ((seen.isEmpty() || seen.stream().anyMatch(c -> c.endsWith(":PENDING")))
        && System.nanoTime() < deadline) {
      Thread.sleep(100);
      api.run("send-notifications");
      seen = channelsNow(token, ref);
    }
    return seen;
  }

  private static List<String> channelsNow(String token, String ref) throws Exception {
    List<String> seen = new ArrayList<>();
    for (JsonNode n : api.call("GET", "/me/notifications", token, null).json().path("items")) {
      if (n.path("ref").asText().equals(ref)) {
        seen.add(n.path("channel").asText() + ":" + n.path("status").asText());
      }
    }
    return seen;
  }

  private static List<JsonNode> messagesTo(String openid) throws Exception {
    List<JsonNode> to = new ArrayList<>();
    for (JsonNode m : api.call("GET", "/_local/wechat/messages", null, null).json().path("items")) {
      if (m.path("touser").asText().equals(openid)) {
        to.add(m);
      }
    }
    return to;
  }

  @Test
  void theConfirmationComesAsASubscribeMessageThenBySmsOnceTheSendIsUsedUp() throws Exception {
    String member = signedIn("o-notice-1");
    verifiedPhone(member, "+8613800138101");
    Reply granted = grant(member, CONFIRMED, "accept");
    assertThat(granted.status()).isEqualTo(200);

    String first = bookedAndPaid(member);

    assertThat(channels(member, first)).containsExactly("WECHAT:SENT");
    List<JsonNode> messages = messagesTo("o-notice-1");
    assertThat(messages).hasSize(1);
    JsonNode message = messages.get(0);
    assertThat(message.path("template_id").asText()).isEqualTo(CONFIRMED);
    assertThat(message.path("page").asText()).isEqualTo("pages/booking/index?id=" + first);
    assertThat(message.path("data").path("thing1").path("value").asText()).isEqualTo("Court hall");
    assertThat(message.path("data").path("time3").path("value").asText())
        .matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}");
    assertThat(message.path("data").path("time2").path("value").asText())
        .matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}");
    JsonNode left = api.call("GET", "/me/wechat/subscriptions", member, null).json();
    assertThat(left.path("items").findValues("sendsLeft").stream().mapToInt(JsonNode::asInt).sum())
        .isZero();

    String second = bookedAndPaid(member);

    assertThat(channels(member, second)).containsExactlyInAnyOrder("WECHAT:FELL_BACK", "SMS:SENT");
    assertThat(messagesTo("o-notice-1")).hasSize(1);
    JsonNode fellBack =
        api.call("GET", "/me/notifications", member, null)
            .json()
            .path("items")
            .findParents("fellBack")
            .get(0);
    assertThat(fellBack.path("fellBack").asText()).contains("no subscribe message send left");
  }

  @Test
  void wechatRefusingWith43101FallsBackAndSetsTheSendsLeftToNone() throws Exception {
    String member = signedIn("o-notice-2");
    verifiedPhone(member, "+8613800138102");
    grant(member, CONFIRMED, "accept");
    grant(member, CONFIRMED, "accept");
    api.call(
        "POST",
        "/_local/wechat/refuse",
        null,
        "{\"openid\":\"o-notice-2\",\"templateId\":\"" + CONFIRMED + "\"}");

    String booking = bookedAndPaid(member);

    assertThat(channels(member, booking)).containsExactlyInAnyOrder("WECHAT:FELL_BACK", "SMS:SENT");
    assertThat(messagesTo("o-notice-2")).isEmpty();
    JsonNode left = api.call("GET", "/me/wechat/subscriptions", member, null).json().path("items");
    for (JsonNode t : left) {
      if (t.path("templateId").asText().equals(CONFIRMED)) {
        assertThat(t.path("sendsLeft").asInt()).isZero();
        assertThat(t.path("kind").asText()).isEqualTo("BOOKING_CONFIRMED");
      }
    }
  }

  @Test
  void aMemberWithNoVerifiedPhoneAndNoSendLeftGetsItInApp() throws Exception {
    String member = signedIn("o-notice-3");

    String booking = bookedAndPaid(member);

    assertThat(channels(member, booking))
        .containsExactlyInAnyOrder("WECHAT:FELL_BACK", "IN_APP:SENT");
  }

  @Test
  void aTemplateThatIsNotTheDeploymentsOrAResultWechatNeverGivesRecordsNothing() throws Exception {
    String member = signedIn("o-notice-4");

    Reply unknown = grant(member, "someone-elses-template", "accept");
    Reply odd = grant(member, CONFIRMED, "maybe");
    Reply rejected = grant(member, CONFIRMED, "reject");

    assertThat(unknown.status()).isEqualTo(422);
    assertThat(odd.status()).isEqualTo(422);
    assertThat(rejected.status()).isEqualTo(200);
    assertThat(rejected.json().path("items")).hasSize(5);
    assertThat(rejected.json().path("items").findValues("sendsLeft")).allMatch(n -> n.asInt() == 0);

    // the same request again with its Idempotency-Key (an answer lost on the way) adds nothing
    String body = "{\"grants\":[{\"templateId\":\"" + CONFIRMED + "\",\"result\":\"accept\"}]}";
    Map<String, String> key = Map.of("Idempotency-Key", "grant-1");
    api.call("POST", "/me/wechat/subscriptions", member, body, key);
    Reply again = api.call("POST", "/me/wechat/subscriptions", member, body, key);
    assertThat(
            again.json().path("items").findValues("sendsLeft").stream()
                .mapToInt(JsonNode::asInt)
                .sum())
        .isEqualTo(1);
  }

  @Test
  void noLogOrMetricLineNamesTheMembersOpenidUnionidOrPhone() throws Exception {
    List<String> lines = new CopyOnWriteArrayList<>();
    try (AutoCloseable listening = Output.listen(lines::add)) {
      String code =
          api.call(
                  "POST",
                  "/_local/wechat/login-codes",
                  null,
                  "{\"openid\":\"o-private-77\",\"unionid\":\"u-private-77\"}")
              .json()
              .path("code")
              .asText();
      String member =
          api.call("POST", "/auth/wechat", null, "{\"code\":\"" + code + "\"}")
              .json()
              .path("token")
              .asText();
      api.call("POST", "/auth/wechat", null, "{\"code\":\"" + code + "\"}"); // used: refused
      verifiedPhone(member, "+8613800138777");
      grant(member, CONFIRMED, "accept");
      String first = bookedAndPaid(member);
      String second = bookedAndPaid(member); // the send used up: SMS
      assertThat(channels(member, first)).containsExactly("WECHAT:SENT");
      assertThat(channels(member, second)).contains("SMS:SENT");
    }

    assertThat(lines).isNotEmpty();
    assertThat(lines)
        .noneMatch(l -> l.contains("o-private-77"))
        .noneMatch(l -> l.contains("u-private-77"))
        .noneMatch(l -> l.contains("13800138777"));
  }
}
