package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Coupons on the local runtime (API.md v1.3 "Coupons"), through the handlers and the SDK against
 * the emulator: a venue's admin makes one, members redeem it as they book, never past its limit
 * however many race, the booking shows its pricing and is paid the price less the coupon's part,
 * and a hold cancelled unpaid gives its redemption back.
 */
class CouponIT {
  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String venueId;
  private static String resourceId;
  private static int hour = 6;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("coupon-it"));
    api = new LocalClient(runtime);
    String admin = api.token("c-admin", "admin");
    venueId =
        api.call(
                "POST",
                "/venues",
                admin,
                "{\"name\":\"Coupon hall\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
    resourceId =
        api.call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Studio\",\"kind\":\"SEATS\",\"capacity\":40}")
            .json()
            .path("resourceId")
            .asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static String slot() throws Exception {
    LocalDate day = LocalDate.now(ZoneId.of("Asia/Shanghai")).plusDays(2);
    int h = hour++;
    Reply made =
        api.call(
            "POST",
            "/slots",
            api.token("c-admin", "admin"),
            String.format(
                "{\"resourceId\":\"%s\",\"start\":\"%sT%02d:00:00\",\"end\":\"%sT%02d:00:00\","
                    + "\"priceMinor\":5000,\"currency\":\"CNY\"}",
                resourceId, day, h, day, h + 1));
    assertThat(made.status()).as(made.raw()).isEqualTo(201);
    return made.json().path("slotId").asText();
  }

  private static Reply coupon(String body) throws Exception {
    return api.call("POST", "/venues/" + venueId + "/coupons", api.token("c-admin", "admin"), body);
  }

  private static String terms(String code, String off, int max, int perMember) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.ofHours(8));
    return "{\"code\":\""
        + code
        + "\","
        + off
        + ",\"maxRedemptions\":"
        + max
        + ",\"perMember\":"
        + perMember
        + ",\"validFrom\":\""
        + now.minusDays(1)
        + "\",\"validTo\":\""
        + now.plusDays(30)
        + "\"}";
  }

  private static Reply book(String member, String slotId, String code) throws Exception {
    return api.call(
        "POST",
        "/bookings",
        member,
        "{\"slotId\":\"" + slotId + "\",\"quantity\":1,\"couponCode\":\"" + code + "\"}");
  }

  private static JsonNode listed(String code) throws Exception {
    for (JsonNode c :
        api.call("GET", "/venues/" + venueId + "/coupons", api.token("c-admin", "admin"), null)
            .json()
            .path("items")) {
      if (c.path("code").asText().equals(code)) {
        return c;
      }
    }
    throw new AssertionError("no coupon " + code);
  }

  @Test
  void thirtyTwoMembersRacingForACouponOfTenGetExactlyTenBookingsAtItsPrice() throws Exception {
    Reply made = coupon(terms("flash20", "\"percentOff\":20", 10, 1));
    assertThat(made.status()).as(made.raw()).isEqualTo(201);
    assertThat(made.json().path("code").asText()).isEqualTo("FLASH20");
    assertThat(made.json().path("validFrom").asText()).endsWith("+08:00");
    String slotId = slot();
    List<String> members = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      members.add(api.token("c-racer-" + i, "customer"));
    }
    ExecutorService pool = Executors.newFixedThreadPool(32);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Reply>> answers = new ArrayList<>();
    for (String member : members) {
      answers.add(
          pool.submit(
              () -> {
                go.await();
                Reply r;
                long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                do { // a 503 says try again shortly: a client does
                  r = book(member, slotId, "Flash20");
                } while (r.status() == 503 && System.nanoTime() < deadline);
                return r;
              }));
    }
    go.countDown();
    int booked = 0;
    for (Future<Reply> f : answers) {
      Reply r = f.get(3, TimeUnit.MINUTES);
      assertThat(r.status()).as(r.raw()).isIn(201, 409);
      if (r.status() == 201) {
        booked++;
        assertThat(r.json().path("amountMinor").asLong()).isEqualTo(4000);
        JsonNode pricing = r.json().path("pricing");
        assertThat(pricing.path("baseMinor").asLong()).isEqualTo(5000);
        assertThat(pricing.path("discounts").get(0).path("kind").asText()).isEqualTo("COUPON");
        assertThat(pricing.path("discounts").get(0).path("amountMinor").asLong()).isEqualTo(1000);
        assertThat(pricing.path("amountMinor").asLong()).isEqualTo(4000);
      } else {
        assertThat(r.json().path("code").asText()).isEqualTo("coupon_exhausted");
      }
    }
    pool.shutdown();

    assertThat(booked).isEqualTo(10);
    assertThat(listed("FLASH20").path("redeemed").asInt()).isEqualTo(10);
    JsonNode seats = api.call("GET", "/slots/" + slotId, null, null).json().path("remaining");
    assertThat(seats.asInt()).isEqualTo(30);
  }

  @Test
  void aCouponedBookingIsPaidItsPriceLessThePartAndAHoldCancelledGivesItBack() throws Exception {
    assertThat(
            coupon(terms("TENOFF", "\"amountOffMinor\":1000,\"currency\":\"CNY\"", 2, 1)).status())
        .isEqualTo(201);
    String member = api.token("c-member-1", "customer");
    Reply held = book(member, slot(), "tenoff");
    assertThat(held.status()).as(held.raw()).isEqualTo(201);
    String bookingId = held.json().path("bookingId").asText();

    Reply pay =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");
    assertThat(pay.status()).as(pay.raw()).isEqualTo(200);
    assertThat(pay.json().path("amountMinor").asLong()).isEqualTo(4000);
    Reply again = book(member, slot(), "TENOFF");
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.json().path("code").asText()).isEqualTo("coupon_already_used");

    String other = api.token("c-member-2", "customer");
    Reply second = book(other, slot(), "TENOFF");
    assertThat(listed("TENOFF").path("redeemed").asInt()).isEqualTo(2);
    Reply cancelled =
        api.call(
            "POST",
            "/bookings/" + second.json().path("bookingId").asText() + "/cancel",
            other,
            null);
    assertThat(cancelled.status()).as(cancelled.raw()).isEqualTo(200);
    assertThat(listed("TENOFF").path("redeemed").asInt()).isEqualTo(1);
    Reply third = book(api.token("c-member-3", "customer"), slot(), "TENOFF");
    assertThat(third.status()).as(third.raw()).isEqualTo(201);
  }

  @Test
  void aCouponThatDoesNotApplyOrBadTermsWriteNothing() throws Exception {
    String member = api.token("c-member-4", "customer");
    String slotId = slot();
    Reply unknown = book(member, slotId, "NOSUCH");
    assertThat(unknown.status()).isEqualTo(422);
    assertThat(unknown.json().path("code").asText()).isEqualTo("coupon_invalid");
    Reply malformed = book(member, slotId, "no such");
    assertThat(malformed.status()).isEqualTo(422);
    assertThat(malformed.json().path("code").asText()).isEqualTo("coupon_invalid");
    assertThat(api.call("GET", "/slots/" + slotId, null, null).json().path("remaining").asInt())
        .isEqualTo(40);

    assertThat(coupon(terms("BAD", "\"percentOff\":101", 5, 1)).status()).isEqualTo(422);
    assertThat(coupon(terms("BAD", "\"percentOff\":10,\"amountOffMinor\":5", 5, 1)).status())
        .isEqualTo(422);
    assertThat(coupon(terms("BAD", "\"amountOffMinor\":500", 5, 1)).status()).isEqualTo(422);
    assertThat(coupon(terms("BAD", "\"percentOff\":10", 5, 6)).status()).isEqualTo(422);
    assertThat(coupon(terms("BAD", "\"percentOff\":10", 0, 1)).status()).isEqualTo(422);
    Reply dup = coupon(terms("ONCE", "\"percentOff\":10", 5, 1));
    assertThat(dup.status()).isEqualTo(201);
    Reply taken = coupon(terms("once", "\"percentOff\":10", 5, 1));
    assertThat(taken.status()).isEqualTo(409);
    assertThat(taken.json().path("code").asText()).isEqualTo("coupon_code_taken");
    Reply byMember =
        api.call(
            "POST",
            "/venues/" + venueId + "/coupons",
            member,
            terms("MINE", "\"percentOff\":10", 5, 1));
    assertThat(byMember.status()).isEqualTo(403);
    assertThat(
            api.call("GET", "/venues/" + venueId + "/coupons", api.token("c-admin", "admin"), null)
                .json()
                .path("items"))
        .noneSatisfy(c -> assertThat(c.path("code").asText()).isIn("BAD", "MINE"));
  }

  @Test
  void aKeyedCreationRetriedAnswersTheSameCoupon() throws Exception {
    Map<String, String> key = Map.of("Idempotency-Key", "c-create-1");
    String body = terms("KEYED", "\"percentOff\":5", 5, 1);
    String admin = api.token("c-admin", "admin");
    Reply first = api.call("POST", "/venues/" + venueId + "/coupons", admin, body, key);
    Reply second = api.call("POST", "/venues/" + venueId + "/coupons", admin, body, key);
    assertThat(first.status()).as(first.raw()).isEqualTo(201);
    assertThat(second.raw()).isEqualTo(first.raw());
  }
}
