package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.local.LocalClient.Reply;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Currencies by their ISO 4217 exponent and the providers' limits (API.md v1.3): a code that is no
 * currency is refused where a price is set; Stripe gets JPY as whole yen, refuses below its minimum
 * (422 amount_below_minimum, naming it) and takes three-decimal amounts ending in 0 only.
 */
class CurrenciesIT {
  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String admin;
  private static String resourceId;
  private static String venueId;
  private static final AtomicInteger HOUR = new AtomicInteger(6);

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("currencies-it", new MovableClock(Instant.now()));
    api = new LocalClient(runtime);
    admin = api.token("cur-admin", "admin");
    venueId =
        api.call("POST", "/venues", admin, "{\"name\":\"Tokyo hall\",\"timeZone\":\"Asia/Tokyo\"}")
            .json()
            .path("venueId")
            .asText();
    resourceId =
        api.call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Court A\",\"kind\":\"SEATS\",\"capacity\":4}")
            .json()
            .path("resourceId")
            .asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static Reply slot(long priceMinor, String currency) throws Exception {
    LocalDate day = LocalDate.now(ZoneId.of("Asia/Tokyo")).plusDays(2);
    int h = HOUR.getAndIncrement();
    return api.call(
        "POST",
        "/slots",
        admin,
        String.format(
            "{\"resourceId\":\"%s\",\"start\":\"%sT%02d:00:00\",\"end\":\"%sT%02d:00:00\","
                + "\"priceMinor\":%d,\"currency\":\"%s\"}",
            resourceId, day, h, day, h + 1, priceMinor, currency));
  }

  /** A member holds a seat of a new slot at that price and pays it with Stripe. */
  private static Reply payWithStripe(String member, long priceMinor, String currency)
      throws Exception {
    Reply slot = slot(priceMinor, currency);
    assertThat(slot.status()).as(slot.raw()).isEqualTo(201);
    String bookingId =
        api.call(
                "POST",
                "/bookings",
                member,
                "{\"slotId\":\"" + slot.json().path("slotId").asText() + "\",\"quantity\":1}")
            .json()
            .path("bookingId")
            .asText();
    return api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");
  }

  @Test
  void aCodeThatIsNoCurrencyIsRefusedWhereAPriceIsSet() throws Exception {
    for (String bad : new String[] {"ABC", "XXX"}) {
      Reply refused = slot(1000, bad);
      assertThat(refused.status()).as(bad).isEqualTo(422);
      assertThat(refused.json().path("code").asText()).isEqualTo("invalid_request");
    }
    Reply plan =
        api.call(
            "POST",
            "/venues/" + venueId + "/plans",
            admin,
            "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P30D\","
                + "\"priceMinor\":5000,\"currency\":\"XAU\"}");
    assertThat(plan.status()).isEqualTo(422);
  }

  @Test
  void yenGoToStripeAsWholeYenAndBelowItsMinimumAreRefused() throws Exception {
    String member = api.token("cur-yen", "customer");
    Reply below = payWithStripe(member, 40, "JPY");
    assertThat(below.status()).isEqualTo(422);
    assertThat(below.json().path("code").asText()).isEqualTo("amount_below_minimum");
    assertThat(below.json().path("minimumMinor").asLong()).isEqualTo(50);

    Reply paid = payWithStripe(member, 1200, "JPY");
    assertThat(paid.status()).as(paid.raw()).isEqualTo(200);
    String created = null;
    for (var r : api.call("GET", "/_local/stripe/requests", null, null).json().path("items")) {
      if (r.path("method").asText().equals("POST")
          && r.path("path").asText().equals("/v1/payment_intents")) {
        created = URLDecoder.decode(r.path("body").asText(), StandardCharsets.UTF_8);
      }
    }
    assertThat(created).contains("amount=1200&").contains("currency=jpy");
  }

  @Test
  void threeDecimalAmountsGoToStripeOnlyWhenTheyEndInZero() throws Exception {
    String member = api.token("cur-dinar", "customer");
    Reply odd = payWithStripe(member, 12345, "BHD");
    assertThat(odd.status()).isEqualTo(422);
    assertThat(odd.json().path("code").asText()).isEqualTo("invalid_request");

    assertThat(payWithStripe(member, 12340, "BHD").status()).isEqualTo(200);
  }
}
