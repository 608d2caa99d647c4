package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pass refunds by finance (API.md v1.3 "Money as the providers behave", issue 60 item 3) on the
 * local runtime with the Stripe and WeChat Pay fakes: the unused credits' share goes back through
 * the pass's own provider, the credits left are voided, a retry with the same Idempotency-Key pays
 * nothing more, the daily report counts the part the day it is made, and a refund WeChat refuses
 * for a short balance is asked again under the same number until its notification settles it.
 */
class PassRefundIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String venueId;
  private static String resourceId;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("pass-refund-it", CLOCK);
    api = new LocalClient(runtime);
    venueId =
        api.call(
                "POST",
                "/venues",
                admin(),
                "{\"name\":\"Pass hall\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
  }

  /** An hour two days ahead of the runtime's clock, at the venue's one studio. */
  private static String slot() throws Exception {
    if (resourceId == null) {
      resourceId =
          api.call(
                  "POST",
                  "/venues/" + venueId + "/resources",
                  admin(),
                  "{\"name\":\"Studio\",\"kind\":\"SEATS\",\"capacity\":20}")
              .json()
              .path("resourceId")
              .asText();
    }
    String day = LocalDate.ofInstant(CLOCK.instant(), SHANGHAI).plusDays(2).toString();
    return api.call(
            "POST",
            "/slots",
            admin(),
            "{\"resourceId\":\""
                + resourceId
                + "\",\"start\":\""
                + day
                + "T10:00:00\",\"end\":\""
                + day
                + "T11:00:00\",\"priceMinor\":5000,\"currency\":\"CNY\"}")
        .json()
        .path("slotId")
        .asText();
  }

  /** Tokens are made on the runtime's clock, which the tests move by days. */
  private static String admin() throws Exception {
    return api.token("prf-admin", "admin");
  }

  private static String finance() throws Exception {
    return api.token("prf-fin", "finance");
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static String plan(String kind, int credits, long priceMinor) throws Exception {
    String credit = kind.equals("PACK") ? ",\"credits\":" + credits : "";
    Reply plan =
        api.call(
            "POST",
            "/venues/" + venueId + "/plans",
            admin(),
            "{\"name\":\"Ten\",\"kind\":\""
                + kind
                + "\""
                + credit
                + ",\"validity\":\"P30D\",\"priceMinor\":"
                + priceMinor
                + ",\"currency\":\"CNY\"}");
    assertThat(plan.status()).as(plan.raw()).isEqualTo(201);
    return plan.json().path("planId").asText();
  }

  /** A pack of ten bought by {@code member} and paid with Stripe: pass id and intent id. */
  private static String[] stripePass(String member) throws Exception {
    String passId = bought(member, plan("PACK", 10, 10000));
    Reply paid =
        api.call("POST", "/passes/" + passId + "/pay", member, "{\"provider\":\"stripe\"}");
    String intent = paid.json().path("client").path("paymentIntentId").asText();
    Reply card =
        api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    assertThat(card.status()).as(card.raw()).isEqualTo(200);
    assertThat(pass(member, passId).path("status").asText()).isEqualTo("ACTIVE");
    return new String[] {passId, intent};
  }

  private static String bought(String member, String planId) throws Exception {
    Reply pass = api.call("POST", "/me/passes", member, "{\"planId\":\"" + planId + "\"}");
    assertThat(pass.status()).as(pass.raw()).isEqualTo(201);
    return pass.json().path("passId").asText();
  }

  private static JsonNode pass(String member, String passId) throws Exception {
    for (JsonNode p : api.call("GET", "/me/passes", member, null).json().path("items")) {
      if (p.path("passId").asText().equals(passId)) {
        return p;
      }
    }
    throw new AssertionError("no pass " + passId);
  }

  private static Reply refund(String staff, String passId, String body, Map<String, String> h)
      throws Exception {
    return api.call("POST", "/staff/passes/" + passId + "/refund", staff, body, h);
  }

  /** How many requests the WeChat Pay fake received that name {@code number}. */
  private static int requestsNaming(String number) throws Exception {
    int n = 0;
    for (JsonNode r :
        api.call("GET", "/_local/wechatpay/requests", null, null).json().path("items")) {
      if ((r.path("path").asText() + r.path("body").asText("")).contains(number)) {
        n++;
      }
    }
    return n;
  }

  private static JsonNode dailyReport() throws Exception {
    String today = LocalDate.ofInstant(CLOCK.instant(), SHANGHAI).toString();
    return api.call("GET", "/reports/daily?venueId=" + venueId + "&date=" + today, finance(), null)
        .json();
  }

  private static long passRefundedToday() throws Exception {
    return dailyReport().path("passRefundedMinor").asLong();
  }

  @Test
  void theUnusedCreditsShareGoesBackThroughStripeOnceHoweverOftenTheRequestIsRetried()
      throws Exception {
    String member = api.token("prf-member-1", "customer");
    String[] pass = stripePass(member);
    Reply booked =
        api.call(
            "POST",
            "/bookings",
            member,
            "{\"slotId\":\"" + slot() + "\",\"quantity\":3,\"passId\":\"" + pass[0] + "\"}");
    assertThat(booked.status()).as(booked.raw()).isEqualTo(201);
    long reportedBefore = passRefundedToday();
    Map<String, String> key = Map.of("Idempotency-Key", "prf-1");

    Reply first = refund(finance(), pass[0], "{\"reason\":\"moving away\"}", key);
    Reply again = refund(finance(), pass[0], "{\"reason\":\"moving away\"}", key);
    Reply nothingLeft = refund(finance(), pass[0], null, Map.of());

    assertThat(first.status()).as(first.raw()).isEqualTo(200);
    assertThat(first.json().path("refund").path("amountMinor").asLong()).isEqualTo(7000);
    assertThat(first.json().path("refund").path("creditsVoided").asInt()).isEqualTo(7);
    // the answer is kept under the key before the provider is asked, so it says REFUNDING
    assertThat(first.json().path("refund").path("status").asText()).isEqualTo("REFUNDING");
    assertThat(first.json().path("pass").path("creditsLeft").asInt()).isZero();
    assertThat(first.json().path("pass").path("status").asText()).isEqualTo("USED_UP");
    assertThat(again.raw()).isEqualTo(first.raw());
    assertThat(nothingLeft.status()).isEqualTo(409);
    assertThat(api.stripeRefunds(pass[1])).containsExactly(7000L);
    assertThat(passRefundedToday() - reportedBefore).as(dailyReport().toString()).isEqualTo(7000);
    assertThat(pass(member, pass[0]).path("creditsLeft").asInt()).isZero();
    Reply reconcile =
        api.call("POST", "/admin/reconcile", admin(), "{\"userId\":\"prf-member-1\"}");
    assertThat(reconcile.status()).as(reconcile.raw()).isEqualTo(200);
    assertThat(reconcile.json().path("membersChecked").asInt()).isEqualTo(1);
    assertThat(reconcile.json().path("memberDeviations"))
        .as("credits: left + held + refunded")
        .isEmpty();
  }

  @Test
  void onlyFinanceOfThePassesVenueRefundsItAndBadInputChangesNothing() throws Exception {
    String member = api.token("prf-member-2", "customer");
    String[] pass = stripePass(member);
    String desk = api.token("prf-desk", "frontdesk");

    assertThat(refund(desk, pass[0], null, Map.of()).status()).isEqualTo(403);
    assertThat(refund(member, pass[0], null, Map.of()).status()).isEqualTo(403);
    assertThat(refund(finance(), pass[0], "{\"amountMinor\":0}", Map.of()).status()).isEqualTo(422);
    assertThat(
            refund(finance(), pass[0], "{\"amountMinor\":10001}", Map.of())
                .json()
                .path("code")
                .asText())
        .isEqualTo("refund_exceeds_payment");
    assertThat(refund(finance(), pass[0], "{\"to\":\"me\"}", Map.of()).status()).isEqualTo(422);
    assertThat(refund(finance(), "no-such-pass", null, Map.of()).status()).isEqualTo(404);

    assertThat(pass(member, pass[0]).path("creditsLeft").asInt()).isEqualTo(10);
    assertThat(api.stripeRefunds(pass[1])).isEmpty();
  }

  @Test
  void aRefundWechatRefusesForAShortBalanceIsAskedAgainUntilItsNotificationSettlesIt()
      throws Exception {
    String member = api.token("prf-member-3", "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-prf-3\"}");
    String passId = bought(member, plan("MEMBERSHIP", 0, 3000));
    String paymentNo =
        api.call("POST", "/passes/" + passId + "/pay", member, "{\"provider\":\"wechatpay\"}")
            .json()
            .path("paymentNo")
            .asText();
    api.call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}");
    assertThat(pass(member, passId).path("status").asText()).isEqualTo("ACTIVE");
    CLOCK.advance(Duration.ofDays(15));
    api.call("POST", "/_local/wechatpay/refunds:fail-next", null, "{\"code\":\"NOT_ENOUGH\"}");

    Reply refused = refund(finance(), passId, null, Map.of());

    assertThat(refused.status()).as(refused.raw()).isEqualTo(200);
    assertThat(refused.json().path("refund").path("amountMinor").asLong()).isEqualTo(1500);
    assertThat(refused.json().path("refund").path("status").asText()).isEqualTo("REFUNDING");
    assertThat(refused.json().path("pass").path("status").asText()).isEqualTo("EXPIRED");
    assertThat(runtime.wechatPay().refundsOf(paymentNo)).isZero();

    CLOCK.advance(Duration.ofHours(1));
    api.run("refund-retry");
    String refundNo = "R" + paymentNo + "-1";
    assertThat(runtime.wechatPay().refundStatus(refundNo)).contains("PROCESSING");
    Reply finished =
        api.call(
            "POST",
            "/_local/wechatpay/refunds/" + refundNo + "/finish",
            null,
            "{\"status\":\"SUCCESS\",\"notify\":true}");
    assertThat(finished.status()).as(finished.raw()).isEqualTo(200);

    JsonNode part = null;
    for (JsonNode p :
        api.call("GET", "/finance/exceptions?venueId=" + venueId, finance(), null)
            .json()
            .path("items")) {
      part = p; // none is expected: a settled part leaves finance nothing to do
    }
    assertThat(part).isNull();
    assertThat(runtime.wechatPay().refundsOf(paymentNo)).isEqualTo(1);
    // settled by the notification: the retry job neither asks WeChat about it nor asks again
    int asked = requestsNaming(refundNo);
    CLOCK.advance(Duration.ofHours(2));
    api.run("refund-retry");
    assertThat(requestsNaming(refundNo)).isEqualTo(asked);
    Reply after = refund(finance(), passId, null, Map.of());
    assertThat(after.status()).as("nothing unused is left").isEqualTo(409);
    assertThat(
            refund(finance(), passId, "{\"amountMinor\":1500}", Map.of())
                .json()
                .path("refund")
                .path("refundedMinor")
                .asLong())
        .as("the rest of the payment may still be refunded by amount")
        .isEqualTo(3000);
  }
}
