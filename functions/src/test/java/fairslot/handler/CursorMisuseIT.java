package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A cursor that belongs to another list, or was edited or made by hand, is bad input: 422, never a
 * 500 from the store, and never a start key sent to DynamoDB.
 */
class CursorMisuseIT {
  private final ApiDriver api = new ApiDriver("cursors");

  /**
   * A venue with two slots on one court (so a one-item page has a next cursor); returns {venueId,
   * first slotId}.
   */
  private String[] venueWithTwoSlots() {
    String venue = api.venue("UTC", "{}");
    String court = api.resource(venue, "SEATS", 5);
    String a = api.slot(court, Duration.ofDays(1), Duration.ofHours(1), 100);
    api.slot(court, Duration.ofDays(1).plusHours(2), Duration.ofHours(1), 100);
    return new String[] {venue, a};
  }

  @Test
  void aCursorFromOneListIsRefusedByEveryOtherList() {
    String[] made = venueWithTwoSlots();
    String venue = made[0];
    api.book("u1", made[1], 1);
    String slotsCursor =
        api.send(
                "GET /slots",
                e -> e.query("venueId", venue).query("date", "2026-12-02").query("limit", "1"))
            .text("nextCursor");
    assertThat(slotsCursor).isNotNull();

    List<Reply> replies =
        List.of(
            api.send("GET /me/bookings", e -> e.as("u1", CUSTOMER).query("cursor", slotsCursor)),
            api.send(
                "GET /staff/bookings",
                e -> e.as("desk", FRONTDESK).query("userId", "u1").query("cursor", slotsCursor)),
            api.send(
                "GET /staff/bookings",
                e ->
                    e.as("desk", FRONTDESK)
                        .query("venueId", venue)
                        .query("date", "2026-12-02")
                        .query("cursor", slotsCursor)),
            api.send(
                "POST /admin/reconcile",
                e -> e.as("admin", ADMIN).body("{\"cursor\":\"" + slotsCursor + "\"}")));

    assertThat(replies)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.toString()).isEqualTo(422);
              assertThat(r.text("code")).isEqualTo("invalid_request");
            });
  }

  @Test
  void anEditedOrHandMadeCursorIsRefusedAndAGenuineOneStillPages() {
    String venue = venueWithTwoSlots()[0];
    String genuine =
        api.send(
                "GET /slots",
                e -> e.query("venueId", venue).query("date", "2026-12-02").query("limit", "1"))
            .text("nextCursor");
    String reconcileCursor =
        api.send("POST /admin/reconcile", e -> e.as("admin", ADMIN).body("{\"limit\":1}"))
            .text("nextCursor");
    assertThat(genuine).isNotNull();
    assertThat(reconcileCursor).isNotNull();

    String payload = genuine.substring(0, genuine.lastIndexOf('.'));
    String decoded = new String(Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8);
    String edited =
        Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(decoded.replace("SLOT#", "SLOX#").getBytes(StandardCharsets.UTF_8))
            + genuine.substring(genuine.lastIndexOf('.'));
    String unsigned = payload;
    String handMade =
        Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(
                    "anything\u0003PK\u0001N\u00019223372036854775807\u0002"
                        .getBytes(StandardCharsets.UTF_8))
            + ".AAAAAAAAAAAAAAAAAAAAAA";

    for (String bad : List.of(edited, unsigned, handMade)) {
      Reply list =
          api.send(
              "GET /slots",
              e -> e.query("venueId", venue).query("date", "2026-12-02").query("cursor", bad));
      Reply reconcile =
          api.send(
              "POST /admin/reconcile",
              e -> e.as("admin", ADMIN).body("{\"limit\":1,\"cursor\":\"" + bad + "\"}"));
      assertThat(List.of(list, reconcile))
          .allSatisfy(
              r -> {
                assertThat(r.status()).as(r.toString()).isEqualTo(422);
                assertThat(r.text("code")).isEqualTo("invalid_request");
              });
    }
    assertThat(
            api.send(
                    "GET /slots",
                    e ->
                        e.query("venueId", venue)
                            .query("date", "2026-12-02")
                            .query("cursor", genuine))
                .status())
        .isEqualTo(200);
    assertThat(
            api.send(
                    "POST /admin/reconcile",
                    e ->
                        e.as("admin", ADMIN)
                            .body("{\"limit\":1,\"cursor\":\"" + reconcileCursor + "\"}"))
                .status())
        .isEqualTo(200);
  }
}
