package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A cursor that decodes but belongs to another list is bad input: 422, never a 500 from the store. */
class CursorMisuseIT {
  private final ApiDriver api = new ApiDriver("cursors");

  @Test
  void aCursorFromOneListIsRefusedByEveryOtherList() {
    String venue = api.venue("UTC", "{}");
    String court = api.resource(venue, "SEATS", 5);
    String a = api.slot(court, Duration.ofDays(1), Duration.ofHours(1), 100);
    api.slot(court, Duration.ofDays(1).plusHours(2), Duration.ofHours(1), 100);
    api.book("u1", a, 1);
    String slotsCursor = api.send("GET /slots", e -> e.query("venueId", venue).query("date", "2026-12-02")
        .query("limit", "1")).text("nextCursor");
    assertThat(slotsCursor).isNotNull();

    List<Reply> replies = List.of(
        api.send("GET /me/bookings", e -> e.as("u1", CUSTOMER).query("cursor", slotsCursor)),
        api.send("GET /staff/bookings", e -> e.as("desk", FRONTDESK).query("userId", "u1").query("cursor", slotsCursor)),
        api.send("GET /staff/bookings", e -> e.as("desk", FRONTDESK).query("venueId", venue)
            .query("date", "2026-12-02").query("cursor", slotsCursor)),
        api.send("POST /admin/reconcile", e -> e.as("admin", ADMIN).body("{\"cursor\":\"" + slotsCursor + "\"}")));

    assertThat(replies).allSatisfy(r -> {
      assertThat(r.status()).as(r.toString()).isEqualTo(422);
      assertThat(r.text("code")).isEqualTo("invalid_request");
    });
  }
}
