package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.MemberCounters;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code maxUpcomingPerMember} (v1.1 "Booking policy"): decided by a counter item inside the
 * booking transaction, so parallel bookings by one member cannot pass the limit.
 */
class UpcomingLimitIT {
  // Thirty requests by one member at once are a script to the per-member rate limit
  // (MemberRateLimitIT); here every one must reach the upcoming limit it races.
  private final ApiDriver api = new ApiDriver("upcoming", Integer.MAX_VALUE);

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table); // seats and member counters
  }

  private List<String> slots(String venueId, int n) {
    String resourceId = api.resource(venueId, "SEATS", 10);
    List<String> slots = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      slots.add(api.slot(resourceId, Duration.ofHours(3 + i), Duration.ofHours(1), 1000));
    }
    return slots;
  }

  @Test
  void thirtyParallelBookingsByOneMemberAtLimitFiveGiveExactlyFive() throws Exception {
    String venueId = api.venue("UTC", "{\"maxUpcomingPerMember\":5}");
    List<String> slots = slots(venueId, 30);

    List<Reply> replies = Race.all(30, i -> () -> api.book("u1", slots.get(i), 1));

    assertThat(replies.stream().filter(r -> r.status() == 201).count()).isEqualTo(5);
    assertThat(replies.stream().filter(r -> r.status() != 201))
        .hasSize(25)
        .allSatisfy(
            r -> {
              assertThat(r.status()).isEqualTo(409);
              assertThat(r.text("code")).isEqualTo("booking_limit_reached");
              assertThat(r.json().get("limit").asInt()).isEqualTo(5);
            });
    assertThat(MemberCounters.count(Aws.dynamo().scan(s -> s.tableName(api.table)).items()))
        .hasEntrySatisfying("u1 " + venueId, c -> assertThat(c).containsExactly(5, 5));
  }

  @Test
  void aCancelledOrAttendedBookingMakesRoomAndOtherMembersAndVenuesAreNotCounted() {
    String venueId = api.venue("UTC", "{\"maxUpcomingPerMember\":2}");
    List<String> slots = slots(venueId, 5);
    String otherVenue = api.venue("UTC", "{\"maxUpcomingPerMember\":2}");
    String elsewhere =
        api.slot(
            api.resource(otherVenue, "SEATS", 10), Duration.ofHours(20), Duration.ofHours(1), 1000);

    String first = api.book("u1", slots.get(0), 1).text("bookingId");
    String second = api.paidBooking("u1", slots.get(1));
    Reply third = api.book("u1", slots.get(2), 1);
    Reply otherMember = api.book("u2", slots.get(2), 1);
    Reply otherVenueBooking = api.book("u1", elsewhere, 1);
    api.cancel("u1", first);
    Reply afterCancel = api.book("u1", slots.get(2), 1);
    Reply full = api.book("u1", slots.get(3), 1);
    Reply checkedIn =
        api.send(
            "POST /staff/bookings/{bookingId}/check-in",
            e -> e.as("desk-1", FRONTDESK).path("bookingId", second));
    Reply afterCheckIn = api.book("u1", slots.get(3), 1);

    assertThat(third.text("code")).isEqualTo("booking_limit_reached");
    assertThat(otherMember.status()).isEqualTo(201);
    assertThat(otherVenueBooking.status()).isEqualTo(201);
    assertThat(afterCancel.status()).isEqualTo(201);
    assertThat(full.text("code")).isEqualTo("booking_limit_reached");
    assertThat(checkedIn.text("status")).isEqualTo("COMPLETED");
    assertThat(afterCheckIn.status()).isEqualTo(201);
  }

  @Test
  void theDeskBooksAMemberPastTheLimitAndTheBookingCounts() {
    String venueId = api.venue("UTC", "{\"maxUpcomingPerMember\":1}");
    List<String> slots = slots(venueId, 3);
    api.book("u1", slots.get(0), 1);

    Reply desk =
        api.send(
            "POST /staff/bookings",
            e ->
                e.as("desk-1", FRONTDESK)
                    .body(
                        "{\"slotId\":\""
                            + slots.get(1)
                            + "\",\"quantity\":1,\"customer\":{\"userId\":\"u1\"}}"));
    Reply member = api.book("u1", slots.get(2), 1);

    assertThat(desk.status()).isEqualTo(201);
    assertThat(member.text("code")).isEqualTo("booking_limit_reached");
  }

  @Test
  void parallelBooksAndCancelsByOneMemberKeepTheCounterEqualToTheBookings() throws Exception {
    String venueId = api.venue("UTC", "{\"maxUpcomingPerMember\":3}");
    List<String> slots = slots(venueId, 12);
    List<String> held = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      held.add(api.book("u1", slots.get(i), 1).text("bookingId"));
    }

    List<Reply> replies =
        Race.all(
            24,
            i ->
                () ->
                    i < 3
                        ? api.cancel("u1", held.get(i))
                        : api.book("u1", slots.get(3 + (i % 9)), 1));

    long booked = replies.subList(3, 24).stream().filter(r -> r.status() == 201).count();
    assertThat(replies.subList(0, 3)).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
    assertThat(booked).isBetween(0L, 3L);
    assertThat(replies.subList(3, 24))
        .allSatisfy(
            r -> assertThat(r.status() == 201 || r.status() == 409).as("%s", r.body()).isTrue());
    // never more than the limit at once; the counter item equals the bookings that exist (the
    // ledger check after the test recounts it)
    assertThat(MemberCounters.count(Aws.dynamo().scan(s -> s.tableName(api.table)).items()))
        .hasEntrySatisfying("u1 " + venueId, c -> assertThat(c[1]).isEqualTo(booked));
  }
}
