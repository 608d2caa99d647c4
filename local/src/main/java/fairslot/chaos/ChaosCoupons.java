package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Coupons in the chaos run (issue 64): more members than a coupon has redemptions book with it at
 * once on two slots (each may redeem it twice); some pay (some only after their hold lapsed, so a
 * revival takes the redemption again or the money goes back), some cancel their hold, the rest let
 * it lapse. Checked from the raw items: never past the coupon's limit or a member's, and its count
 * is exactly the bookings holding a redemption, none of them ended unpaid.
 */
final class ChaosCoupons {
  private static final int MAX = 8;
  private static final int PER_MEMBER = 2;

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;
  private final List<String> slots = new ArrayList<>();

  ChaosCoupons(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  void setUp(ChaosCatalog catalog, int n, String venueId) {
    slots.add(catalog.slot(n, venueId, 30, "DIRECT", 6000));
    slots.add(catalog.slot(n + 1, venueId, 30, "DIRECT", 6000));
    var now = world.clock.instant().atOffset(ZoneOffset.ofHours(8));
    world.call(
        "POST /venues/{venueId}/coupons",
        Map.of("venueId", venueId),
        "admin",
        "admin",
        "{\"code\":\"CHAOS\",\"percentOff\":25,\"maxRedemptions\":"
            + MAX
            + ",\"perMember\":"
            + PER_MEMBER
            + ",\"validFrom\":\""
            + now.minus(Duration.ofDays(1))
            + "\",\"validTo\":\""
            + now.plus(Duration.ofDays(30))
            + "\"}",
        null);
  }

  void wave(List<Callable<Object>> wave) {
    for (int i = 0; i < 14; i++) {
      String user = "cp" + i;
      for (String slotId : slots) {
        wave.add(() -> member(user, slotId));
      }
    }
  }

  private Object member(String user, String slotId) {
    Reply booked =
        world.call(
            "POST /bookings",
            Map.of(),
            user,
            "customer",
            "{\"slotId\":\"" + slotId + "\",\"quantity\":1,\"couponCode\":\"chaos\"}",
            random.nextBoolean() ? "cp-" + user + slotId : null);
    if (booked.status() != 201) {
      return booked;
    }
    String bookingId = booked.text("bookingId");
    work.namedBookings.add(bookingId);
    int fate = random.nextInt(3);
    if (fate == 0) {
      new ChaosLocalPayments(world, work, random).pay(user, bookingId);
    } else if (fate == 1) {
      return world.call(
          "POST /bookings/{bookingId}/cancel",
          Map.of("bookingId", bookingId),
          user,
          "customer",
          null,
          null);
    }
    return booked; // left to lapse
  }

  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, Integer> heldByCoupon = new HashMap<>();
    Map<String, Integer> heldByMember = new HashMap<>();
    for (var item : items) {
      if (!is(item, "BOOKING") || s(item, "couponCode") == null) {
        continue;
      }
      String coupon = s(item, "venueId") + " " + s(item, "couponCode");
      boolean held = Boolean.TRUE.equals(item.get("couponHeld").bool());
      String status = s(item, "status");
      if (held) {
        heldByCoupon.merge(coupon, 1, Integer::sum);
        heldByMember.merge(s(item, "userId") + " " + coupon, 1, Integer::sum);
      }
      if (held && Set.of("EXPIRED").contains(status)) {
        out.add("booking " + s(item, "bookingId") + " is " + status + " and holds its coupon");
      }
      if (!held && !Set.of("EXPIRED", "CANCELLED").contains(status)) {
        out.add("booking " + s(item, "bookingId") + " is " + status + " and gave its coupon back");
      }
      long base = n(item, "couponBaseMinor");
      if (n(item, "amountMinor") + n(item, "couponOffMinor") != base) {
        out.add("booking " + s(item, "bookingId") + " is not its price less the coupon's part");
      }
    }
    for (var item : items) {
      if (is(item, "COUPON")) {
        String coupon = s(item, "venueId") + " " + s(item, "code");
        long redeemed = n(item, "redeemed");
        if (redeemed > n(item, "maxRedemptions")) {
          out.add("coupon " + coupon + " redeemed " + redeemed + " times, past its limit");
        }
        if (redeemed != heldByCoupon.getOrDefault(coupon, 0)) {
          out.add(
              "coupon "
                  + coupon
                  + " counts "
                  + redeemed
                  + " redemptions, bookings hold "
                  + heldByCoupon.getOrDefault(coupon, 0));
        }
      }
      if (is(item, "COUPON_USE")) {
        String key = s(item, "userId") + " " + s(item, "venueId") + " " + s(item, "code");
        long uses = n(item, "uses");
        if (uses > PER_MEMBER || uses != heldByMember.getOrDefault(key, 0)) {
          out.add(
              "member coupon count "
                  + key
                  + " is "
                  + uses
                  + ", their bookings hold "
                  + heldByMember.getOrDefault(key, 0));
        }
      }
    }
  }

  private static long n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0 : Long.parseLong(v.n());
  }
}
