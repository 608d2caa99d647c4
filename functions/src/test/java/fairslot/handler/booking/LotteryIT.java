package fairslot.handler.booking;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Lottery admission (API.md v1.2) through the handler on the emulator: 300 entries for 20 seats,
 * two draw runs at once, then the result checked against ranks recomputed here from the published
 * seed with the JDK's own HMAC: exactly 20 holds, 280 waitlisted, both in rank order.
 */
class LotteryIT {
  private final ApiDriver api = new ApiDriver("lottery");

  private String lotterySlot(int seats, Instant closes) {
    String venue = api.venue("UTC", "{}");
    String resource = api.resource(venue, "SEATS", seats);
    Instant start = api.clock.instant().plus(Duration.ofDays(2));
    Reply r =
        api.send(
            "POST /slots",
            e ->
                e.as("admin-1", ApiDriver.ADMIN)
                    .body(
                        "{\"resourceId\":\""
                            + resource
                            + "\",\"start\":\""
                            + start
                            + "\",\"end\":\""
                            + start.plus(Duration.ofHours(1))
                            + "\",\"priceMinor\":3000,\"currency\":\"CNY\",\"admission\":\"LOTTERY\","
                            + "\"lotteryClosesAt\":\""
                            + closes
                            + "\"}"));
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    return r.text("slotId");
  }

  @Test
  void threeHundredEntriesForTwentySeatsAreDrawnOnceInTheOrderTheSeedProves() throws Exception {
    Instant closes = api.clock.instant().plus(Duration.ofHours(1));
    String slot = lotterySlot(20, closes);
    Reply before = api.slot(slot);
    String seedHash = before.text("lotterySeedHash");
    assertThat(seedHash).hasSize(64);
    assertThat(before.json().has("lotterySeed")).as("the seed is secret until the draw").isFalse();

    List<Reply> entered = Race.all(300, i -> () -> api.book("m" + i, slot, 1));
    Map<String, String> requestOf = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      Reply r = entered.get(i);
      assertThat(r.status()).as("%s", r).isEqualTo(202);
      assertThat(r.text("status")).isEqualTo("ENTERED");
      requestOf.put("m" + i, r.text("requestId"));
    }
    assertThat(api.book("m7", slot, 1).text("requestId"))
        .as("one entry per member")
        .isEqualTo(requestOf.get("m7"));
    assertThat(api.remaining(slot)).isEqualTo(20);

    // Not before the close; then entries are refused, and two runs draw at once.
    new ScheduledJobHandler(api.wiring).run("draw-lotteries");
    assertThat(api.slot(slot).json().has("lotterySeed")).isFalse();
    api.clock.advance(Duration.ofHours(1));
    Reply late = api.book("latecomer", slot, 1);
    assertThat(late.status()).isEqualTo(409);
    assertThat(late.text("code")).isEqualTo("lottery_closed");
    Race.all(2, i -> () -> new ScheduledJobHandler(api.wiring).run("draw-lotteries"));
    new ScheduledJobHandler(api.wiring).run("draw-lotteries"); // a later run finds it drawn

    String seed = api.slot(slot).text("lotterySeed");
    assertThat(sha256(seed)).as("the revealed seed is the committed one").isEqualTo(seedHash);
    List<String> members = new ArrayList<>(requestOf.keySet());
    members.sort(Comparator.comparing(m -> hmac(seed, requestOf.get(m))));

    List<String> won = new ArrayList<>();
    List<String> waitlisted = new ArrayList<>();
    for (String m : members) {
      Reply r =
          api.send(
              "GET /booking-requests/{requestId}",
              e -> e.as(m, ApiDriver.CUSTOMER).path("requestId", requestOf.get(m)));
      switch (r.text("status")) {
        case "WON" -> {
          won.add(m);
          assertThat(api.booking(m, r.text("bookingId")).text("status")).isEqualTo("PENDING_PAY");
        }
        case "WAITLISTED" -> {
          waitlisted.add(m);
          assertThat(r.text("entryId")).isNotBlank();
        }
        default -> throw new AssertionError(m + ": " + r);
      }
    }
    assertThat(won).containsExactlyElementsOf(members.subList(0, 20));
    assertThat(waitlisted).containsExactlyElementsOf(members.subList(20, 300));
    // The line is in rank order: the first loser is next, and so on.
    for (int i = 0; i < waitlisted.size(); i += 37) {
      String m = waitlisted.get(i);
      Reply place =
          api.send(
              "GET /slots/{slotId}/waitlist/me",
              e -> e.as(m, ApiDriver.CUSTOMER).path("slotId", slot));
      assertThat(place.json().get("position").asInt()).as(m).isEqualTo(i + 1);
    }
    assertThat(api.remaining(slot)).isZero();
    assertThat(SeatLedger.activeBookingIds(Aws.dynamo(), api.table, slot)).hasSize(20);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void aLotterySlotIsRefusedWithoutItsClosingTimeAndKeepsItsAdmission() {
    String venue = api.venue("UTC", "{}");
    String resource = api.resource(venue, "SEATS", 5);
    Instant start = api.clock.instant().plus(Duration.ofDays(2));
    String base =
        "{\"resourceId\":\""
            + resource
            + "\",\"start\":\""
            + start
            + "\",\"end\":\""
            + start.plus(Duration.ofHours(1))
            + "\",\"priceMinor\":3000,\"currency\":\"CNY\"";
    for (String tail :
        List.of(
            ",\"admission\":\"LOTTERY\"}",
            ",\"admission\":\"LOTTERY\",\"lotteryClosesAt\":\"" + start.plusSeconds(60) + "\"}",
            ",\"lotteryClosesAt\":\"" + start.minusSeconds(60) + "\"}")) {
      Reply r = api.send("POST /slots", e -> e.as("admin-1", ApiDriver.ADMIN).body(base + tail));
      assertThat(r.status()).as(tail).isEqualTo(422);
    }
    String slot = lotterySlot(5, api.clock.instant().plus(Duration.ofHours(1)));
    Reply switched =
        api.send(
            "POST /slots/{slotId}/admission",
            e ->
                e.as("admin-1", ApiDriver.ADMIN)
                    .path("slotId", slot)
                    .body("{\"admission\":\"DIRECT\"}"));
    assertThat(switched.status()).isEqualTo(409);
  }

  private static String sha256(String s) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
  }

  private static String hmac(String seed, String requestId) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(seed.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(requestId.getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
