package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The front desk: walk-ins by phone through the atomic booking path, and booking search by index.
 */
class DeskIT {
  private static final List<String> FINANCE = List.of("finance");
  private final ApiDriver api = new ApiDriver("desk");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply walkIn(String slotId, int quantity, String customerJson) {
    return api.send(
        "POST /staff/bookings",
        e ->
            e.as("desk-1", FRONTDESK)
                .body(
                    "{\"slotId\":\""
                        + slotId
                        + "\",\"quantity\":"
                        + quantity
                        + ",\"customer\":"
                        + customerJson
                        + "}"));
  }

  private Reply search(List<String> groups, String... query) {
    return api.send(
        "GET /staff/bookings",
        e -> {
          e.as("desk-1", groups);
          for (int i = 0; i < query.length; i += 2) {
            e.query(query[i], query[i + 1]);
          }
        });
  }

  private static List<String> ids(Reply r) {
    List<String> ids = new ArrayList<>();
    r.json().get("items").forEach(b -> ids.add(b.get("bookingId").asText()));
    return ids;
  }

  private long profiles() {
    return Aws.dynamo()
        .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
        .items()
        .stream()
        .filter(i -> i.get("type") != null && "PROFILE".equals(i.get("type").s()))
        .count();
  }

  @Test
  void aWalkInTwiceWithTheSamePhoneTypedDifferentlyReusesOneProfile() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "SEATS", 10);
    String morning = api.slot(court, Duration.ofDays(1), Duration.ofHours(1), 5000);
    String evening = api.slot(court, Duration.ofDays(1).plusHours(8), Duration.ofHours(1), 5000);

    Reply first = walkIn(morning, 1, "{\"phone\":\"+86 138-0013-8000\",\"name\":\"Li Wei\"}");
    Reply second = walkIn(evening, 2, "{\"phone\":\"0086 13800138000\",\"name\":\"Li Wei\"}");

    assertThat(first.status()).isEqualTo(201);
    assertThat(second.status()).isEqualTo(201);
    assertThat(first.text("status")).isEqualTo("PENDING_PAY");
    assertThat(second.text("userId")).isEqualTo(first.text("userId"));
    assertThat(profiles()).isEqualTo(1);
    assertThat(api.remaining(morning)).isEqualTo(9);
    assertThat(api.remaining(evening)).isEqualTo(8);
    // The walk-in's booking went through the same rules: a second one on the same slot is refused.
    Reply twice = walkIn(morning, 1, "{\"phone\":\"+8613800138000\",\"name\":\"Li Wei\"}");
    assertThat(twice.text("code")).isEqualTo("already_booked");
  }

  @Test
  void twentyDesksBookingTheSameNewPhoneAtOnceCreateOneProfile() throws Exception {
    String venue = api.venue("Asia/Shanghai", "{}");
    // Rentals: one customer's twenty bookings at once would otherwise queue on their own calendar
    // day.
    String court = api.resource(venue, "RENTAL", 10);
    List<String> slots = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      slots.add(api.slot(court, Duration.ofDays(1).plusHours(i), Duration.ofMinutes(30), 500));
    }

    List<Reply> replies =
        fairslot.testing.Race.all(
            20,
            i ->
                () -> walkIn(slots.get(i), 1, "{\"phone\":\"+86 137 0000 0001\",\"name\":\"Wu\"}"));

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
    assertThat(replies.stream().map(r -> r.text("userId")).distinct()).hasSize(1);
    assertThat(profiles()).isEqualTo(1);
  }

  @Test
  void theDeskBooksForAMemberAccountAndTheAuditNamesTheDesk() {
    String slotId = api.openSlot("SEATS", 4, 3000);

    Reply r = walkIn(slotId, 1, "{\"userId\":\"member-7\"}");

    assertThat(r.status()).isEqualTo(201);
    assertThat(r.text("userId")).isEqualTo("member-7");
    Reply audit =
        api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("bookingId", r.text("bookingId")));
    assertThat(audit.json().get("items").get(0).get("actor").asText()).isEqualTo("desk-1");
    assertThat(api.booking("member-7", r.text("bookingId")).status()).isEqualTo(200);
  }

  @Test
  void aWalkInOnASoldOutSlotIsSoldOutAndAnIdempotentRetryReplaysTheBooking() {
    String slotId = api.openSlot("SEATS", 1, 3000);
    Reply first =
        api.send(
            "POST /staff/bookings",
            e ->
                e.as("desk-1", FRONTDESK)
                    .header("Idempotency-Key", "k-1")
                    .body(
                        "{\"slotId\":\""
                            + slotId
                            + "\",\"quantity\":1,\"customer\":{\"phone\":\"+4930123456\",\"name\":\"Jo\"}}"));
    Reply retry =
        api.send(
            "POST /staff/bookings",
            e ->
                e.as("desk-1", FRONTDESK)
                    .header("Idempotency-Key", "k-1")
                    .body(
                        "{\"slotId\":\""
                            + slotId
                            + "\",\"quantity\":1,\"customer\":{\"phone\":\"+4930123456\",\"name\":\"Jo\"}}"));
    Reply other = walkIn(slotId, 1, "{\"phone\":\"+4930999999\",\"name\":\"Max\"}");

    assertThat(retry.status()).isEqualTo(201);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(other.status()).isEqualTo(409);
    assertThat(other.text("code")).isEqualTo("sold_out");
  }

  @Test
  void badWalkInsAreRefusedAndWriteNothing() {
    String slotId = api.openSlot("SEATS", 3, 3000);
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);

    List<Reply> replies =
        List.of(
            walkIn(slotId, 1, "{}"),
            walkIn(slotId, 1, "{\"phone\":\"call me\",\"name\":\"X\"}"),
            walkIn(slotId, 1, "{\"phone\":\"+4930123456\"}"),
            walkIn(slotId, 1, "{\"phone\":\"+4930123456\",\"name\":\"X\",\"userId\":\"u\"}"),
            walkIn(slotId, 0, "{\"userId\":\"u\"}"));

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isEqualTo(422));
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }

  @Test
  void staffFindBookingsByVenueAndDateStatusPhoneAndUserAcrossPages() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "SEATS", 20);
    String tomorrow = api.slot(court, Duration.ofDays(1), Duration.ofHours(1), 5000);
    String later = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 5000);
    Set<String> tomorrows = new HashSet<>();
    for (int i = 0; i < 7; i++) {
      tomorrows.add(api.book("u" + i, tomorrow, 1).text("bookingId"));
    }
    String paid = api.paidBooking("u7", tomorrow);
    tomorrows.add(paid);
    String walkIn =
        walkIn(tomorrow, 1, "{\"phone\":\"+8613900000000\",\"name\":\"Chen\"}").text("bookingId");
    tomorrows.add(walkIn);
    String elsewhere = api.book("u0", later, 1).text("bookingId");
    String date = "2026-12-02"; // the slot starts 2026-12-02T00:00Z, 08:00 in Shanghai

    Set<String> paged = new HashSet<>();
    Reply page = search(FRONTDESK, "venueId", venue, "date", date, "limit", "4");
    int pages = 1;
    paged.addAll(ids(page));
    while (page.text("nextCursor") != null) {
      String cursor = page.text("nextCursor");
      page = search(FRONTDESK, "venueId", venue, "date", date, "limit", "4", "cursor", cursor);
      paged.addAll(ids(page));
      pages++;
    }

    assertThat(paged).isEqualTo(tomorrows);
    assertThat(pages).isGreaterThanOrEqualTo(3);
    assertThat(ids(search(FINANCE, "venueId", venue, "date", date, "status", "PAID")))
        .containsExactly(paid);
    assertThat(ids(search(FRONTDESK, "phone", "+86 139 0000 0000"))).containsExactly(walkIn);
    assertThat(ids(search(FRONTDESK, "userId", "u0")))
        .containsExactlyInAnyOrder(
            elsewhere,
            tomorrows.stream()
                .filter(id -> api.booking("u0", id).status() == 200)
                .findFirst()
                .orElseThrow());
    assertThat(ids(search(FRONTDESK, "userId", "u0", "venueId", venue, "date", "2026-12-04")))
        .containsExactly(elsewhere);
    assertThat(ids(search(FRONTDESK, "phone", "+8613700000000"))).isEmpty();
    JsonNode first = search(FRONTDESK, "phone", "+8613900000000").json().get("items").get(0);
    assertThat(first.get("slot").get("start").asText()).isEqualTo("2026-12-02T08:00:00+08:00");
  }

  @Test
  void searchWithoutACustomerOrAVenueAndDateIsABadRequest() {
    assertThat(search(FRONTDESK).status()).isEqualTo(422);
    assertThat(search(FRONTDESK, "venueId", "v").status()).isEqualTo(422);
    assertThat(search(FRONTDESK, "userId", "u", "status", "LOST").status()).isEqualTo(422);
    assertThat(search(FRONTDESK, "phone", "abc").status()).isEqualTo(422);
  }
}
