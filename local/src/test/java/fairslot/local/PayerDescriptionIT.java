package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.shared.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the payer is shown (API.md v1.3): every order fairslot makes, at Stripe and at WeChat Pay,
 * is described {@code "<venue> · <resource> · <MM-dd HH:mm>"} in the venue's zone, never an id, as
 * the providers' fakes received it.
 */
class PayerDescriptionIT {
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("payer-description-it", new MovableClock(Instant.now()));
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** "12-09 08:00" from the booking's start "2026-12-09T08:00:00+08:00". */
  private static String startOf(String member, String bookingId) throws Exception {
    String start =
        api.call("GET", "/bookings/" + bookingId, member, null)
            .json()
            .path("slot")
            .path("start")
            .asText();
    return start.substring(5, 10) + " " + start.substring(11, 16);
  }

  private static JsonNode lastRequest(String fake, String method, String path) throws Exception {
    JsonNode found = null;
    for (JsonNode r :
        api.call("GET", "/_local/" + fake + "/requests", null, null).json().path("items")) {
      if (r.path("method").asText().equals(method) && r.path("path").asText().equals(path)) {
        found = r;
      }
    }
    assertThat(found).as(method + " " + path).isNotNull();
    return found;
  }

  @Test
  void aStripeIntentIsDescribedByVenueResourceAndStartWithALatinStatementSuffix() throws Exception {
    String member = api.token("desc-stripe", "customer");
    String bookingId = api.hold(member);
    api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");

    String body = lastRequest("stripe", "POST", "/v1/payment_intents").path("body").asText();
    String form = URLDecoder.decode(body, StandardCharsets.UTF_8);

    assertThat(form)
        .contains("description=Court hall · Court 1 · " + startOf(member, bookingId) + "&")
        .contains("statement_descriptor_suffix=COURT HALL")
        .doesNotContain("description=fairslot");
  }

  @Test
  void aWechatOrderIsDescribedTheSameWay() throws Exception {
    String member = api.token("desc-wechat", "customer");
    String[] order = api.wechatOrder(member, "login-desc");

    JsonNode prepay =
        Json.mapper()
            .readTree(
                lastRequest("wechatpay", "POST", "/v3/pay/transactions/jsapi")
                    .path("body")
                    .asText());

    assertThat(prepay.path("out_trade_no").asText()).isEqualTo(order[1]);
    assertThat(prepay.path("description").asText())
        .isEqualTo("Court hall · Court 1 · " + startOf(member, order[0]));
  }
}
