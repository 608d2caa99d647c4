package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The statement check's other direction, on its own runtime (the providers' ITs count every
 * mismatch they see): money fairslot recorded as taken or paid back that the provider's statement
 * lacks is one STATEMENT_MISMATCH each, for the amount fairslot holds, and running the day again
 * opens none.
 */
class StatementCheckIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("statement-check-it", CLOCK);
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static Reply reconcile(String provider, LocalDate day) throws Exception {
    return api.call(
        "POST",
        "/finance/statements:reconcile",
        api.token("sc-fin", "finance"),
        "{\"provider\":\"" + provider + "\",\"date\":\"" + day + "\"}");
  }

  private static List<String> mismatches() throws Exception {
    List<String> found = new ArrayList<>();
    for (JsonNode e : api.financeExceptionItems()) {
      if (e.path("kind").asText().equals("STATEMENT_MISMATCH")) {
        found.add(e.path("paymentNo").asText() + "=" + e.path("amountMinor").asLong());
      }
    }
    return found;
  }

  private static String payWithWechat(String member) throws Exception {
    String bookingId = api.hold(member);
    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    String paymentNo = paid.json().path("paymentNo").asText();
    api.call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}");
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    return bookingId + " " + paymentNo;
  }

  @Test
  void aWechatPaymentAndARefundTheBillLacksAreOneExceptionEachAndNoneAgain() throws Exception {
    String member = api.token("sc-wx", "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-sc-wx\"}");
    String[] kept = payWithWechat(member).split(" ");
    String[] lost = payWithWechat(member).split(" ");
    String[] refunded = payWithWechat(member).split(" ");
    assertThat(api.call("POST", "/bookings/" + refunded[0] + "/cancel", member, null).status())
        .isEqualTo(200);
    api.call(
        "POST",
        "/_local/wechatpay/refunds/R" + refunded[1] + "/finish",
        null,
        "{\"status\":\"SUCCESS\",\"notify\":true}");
    assertThat(api.paymentStatus(refunded[0])).isEqualTo("REFUNDED");
    runtime.wechatPay().omitFromBill(lost[1]);
    runtime.wechatPay().omitFromBill("R" + refunded[1]);
    LocalDate day = LocalDate.ofInstant(CLOCK.instant(), ZoneId.of("Asia/Shanghai"));
    List<String> before = mismatches();

    Reply run = reconcile("wechatpay", day);
    Reply again = reconcile("wechatpay", day);

    assertThat(run.status()).isEqualTo(200);
    assertThat(run.json().path("exceptions").asInt()).isEqualTo(2);
    assertThat(run.json().path("matched").asInt()).isEqualTo(run.json().path("lines").asInt());
    assertThat(again.json().path("exceptions").asInt()).isZero();
    List<String> opened = new ArrayList<>(mismatches());
    before.forEach(opened::remove);
    assertThat(opened)
        .containsExactlyInAnyOrder(lost[1] + "=8800", refunded[1] + "=8800")
        .noneMatch(m -> m.startsWith(kept[1]));
  }

  @Test
  void aStripeChargeTheBalanceLacksIsOneException() throws Exception {
    String member = api.token("sc-st", "customer");
    String bookingId = api.hold(member);
    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");
    String paymentNo = paid.json().path("paymentNo").asText();
    String intent = paid.json().path("client").path("paymentIntentId").asText();
    api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    runtime.stripe().balance().drop(intent);
    LocalDate day = LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC);
    List<String> before = mismatches();

    Reply run = reconcile("stripe", day);
    Reply again = reconcile("stripe", day);

    assertThat(run.json().path("exceptions").asInt()).isEqualTo(1);
    assertThat(again.json().path("exceptions").asInt()).isZero();
    List<String> opened = new ArrayList<>(mismatches());
    before.forEach(opened::remove);
    assertThat(opened).containsExactly(paymentNo + "=8800");
  }
}
