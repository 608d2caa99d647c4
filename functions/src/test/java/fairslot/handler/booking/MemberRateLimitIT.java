package fairslot.handler.booking;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The per-member limit on booking requests (API.md v1.2) through the handler: a script firing 100
 * requests in the same second is cut off after 20 with 429 and Retry-After, holds one booking at
 * most, and a person booking beside it is not slowed.
 */
class MemberRateLimitIT {
  private final ApiDriver api = new ApiDriver("ratelimit");

  @Test
  void aScriptOfAHundredRequestsIsCutOffAfterTwentyAndHoldsOneBooking() throws Exception {
    String slot = api.openSlot("SEATS", 50, 0);
    List<Reply> replies = Race.all(100, i -> () -> api.book("script", slot, 1));

    Map<Integer, Long> byStatus =
        replies.stream().collect(Collectors.groupingBy(Reply::status, Collectors.counting()));
    assertThat(byStatus.get(429)).as("%s", byStatus).isEqualTo(80);
    assertThat(byStatus.getOrDefault(201, 0L)).as("%s", byStatus).isEqualTo(1);
    assertThat(byStatus.keySet()).as("%s", byStatus).containsOnly(201, 409, 429);
    Reply limited = replies.stream().filter(r -> r.status() == 429).findFirst().orElseThrow();
    assertThat(limited.text("code")).isEqualTo("rate_limited");
    assertThat(Integer.parseInt(limited.headers().get("retry-after"))).isBetween(1, 10);

    Reply person = api.book("person", slot, 1);
    assertThat(person.status()).as("%s", person).isEqualTo(201);

    assertThat(SeatLedger.activeBookingIds(Aws.dynamo(), api.table, slot)).hasSize(2);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
    assertThat(SeatLedger.count(Aws.dynamo(), api.table).get(slot).remaining()).isEqualTo(48);

    // The next window admits the script again (it still holds its one booking: 409).
    api.clock.advance(java.time.Duration.ofSeconds(10));
    assertThat(api.book("script", slot, 1).status()).isEqualTo(409);
  }
}
