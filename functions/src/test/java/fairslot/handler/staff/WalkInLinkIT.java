package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Contacts;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A member who proves the phone of a desk walk-in profile gets that profile's bookings (v1.2
 * "Verified contact points"): linked atomically with the confirmation, listed in /me/bookings,
 * theirs to cancel; the desk's phone search finds the account's bookings and the walk-in's. A phone
 * only typed links nothing, and a phone proved by someone else later takes its bookings along.
 */
class WalkInLinkIT {
  private static final String PHONE = "+8613600136000";

  private final ApiDriver api = new ApiDriver("walkin");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private String walkIn(String slotId) {
    Reply r =
        api.send(
            "POST /staff/bookings",
            e ->
                e.as("desk-1", FRONTDESK)
                    .body(
                        "{\"slotId\":\""
                            + slotId
                            + "\",\"quantity\":1,\"customer\":{\"phone\":\"+86 136 0013 6000\","
                            + "\"name\":\"Li\"}}"));
    ApiDriver.expect(r, 201);
    return r.text("bookingId");
  }

  /** The member proves {@code phone}: a code by SMS, confirmed. */
  private Reply claim(String user, String phone) {
    return Contacts.provePhone(api, user, phone);
  }

  private Reply type(String user, String phone) {
    return api.send(
        "PUT /me/profile", e -> e.as(user, CUSTOMER).body("{\"phone\":\"" + phone + "\"}"));
  }

  private List<String> myBookings(String user) {
    List<String> ids = new ArrayList<>();
    String cursor = null;
    do {
      String from = cursor;
      Reply page =
          api.send(
              "GET /me/bookings",
              e -> {
                e.as(user, CUSTOMER).query("limit", "1");
                if (from != null) {
                  e.query("cursor", from);
                }
              });
      ApiDriver.expect(page, 200);
      page.json().get("items").forEach(b -> ids.add(b.get("bookingId").asText()));
      cursor = page.json().path("nextCursor").isTextual() ? page.text("nextCursor") : null;
    } while (cursor != null);
    return ids;
  }

  @Test
  void claimingAWalkInsPhoneLinksItsBookingsToTheMemberWhoMayThenCancelThem() {
    String slotId = api.openSlot("SEATS", 5, 3000);
    String theirs = walkIn(slotId);
    String other = api.openSlot("SEATS", 5, 3000);
    String own = api.book("m", other, 1).text("bookingId");

    Reply before = api.booking("m", theirs);
    ApiDriver.expect(claim("m", PHONE), 200);
    List<String> listed = myBookings("m");
    Reply read = api.booking("m", theirs);
    Reply cancelled = api.cancel("m", theirs);
    Reply stranger = api.booking("x", theirs);

    assertThat(before.status()).isEqualTo(404);
    assertThat(listed).containsExactly(own, theirs); // the member's own first, one per page
    assertThat(read.status()).isEqualTo(200);
    assertThat(cancelled.status()).isEqualTo(200);
    assertThat(cancelled.text("status")).isEqualTo("CANCELLED");
    assertThat(stranger.status()).isEqualTo(404);
  }

  @Test
  void theDesksPhoneSearchFindsTheAccountsBookingsAndTheWalkIns() {
    String slotId = api.openSlot("SEATS", 5, 3000);
    String theirs = walkIn(slotId);
    ApiDriver.expect(claim("m", PHONE), 200);
    String own = api.book("m", api.openSlot("SEATS", 5, 3000), 1).text("bookingId");

    Reply found =
        api.send(
            "GET /staff/bookings",
            e -> e.as("desk-1", FRONTDESK).query("phone", "+86 136-0013-6000"));
    Reply byUser =
        api.send("GET /staff/bookings", e -> e.as("desk-1", FRONTDESK).query("userId", "m"));

    assertThat(found.json().get("items").findValuesAsText("bookingId"))
        .containsExactlyInAnyOrder(own, theirs);
    assertThat(byUser.json().get("items").findValuesAsText("bookingId")).contains(own);
  }

  @Test
  void aLinkedWalkInBookingsNotificationsReachTheMembersChannelsAndList() {
    String theirs = walkIn(api.openSlot("SEATS", 5, 3000));
    String email = "walkin-" + java.util.UUID.randomUUID() + "@example.com";
    ApiDriver.expect(
        api.send(
            "PUT /me/profile",
            e ->
                e.as("m", CUSTOMER)
                    .body(
                        "{\"phone\":\""
                            + PHONE
                            + "\",\"email\":\""
                            + email
                            + "\",\"channels\":[\"EMAIL\"]}")),
        200);
    ApiDriver.expect(Contacts.proveEmail(api, "m", email), 200);
    ApiDriver.expect(claim("m", PHONE), 200);

    ApiDriver.expect(
        api.send(
            "POST /staff/bookings/{bookingId}/offline-payment",
            e -> e.as("desk-1", FRONTDESK).path("bookingId", theirs)),
        200);
    new ScheduledJobHandler(api.wiring).run("send-notifications");
    Reply mine = api.send("GET /me/notifications", e -> e.as("m", CUSTOMER));

    assertThat(fairslot.testing.Mailbox.emailsTo(email))
        .singleElement()
        .satisfies(m -> assertThat(m.subject()).startsWith("Booking confirmed"));
    assertThat(mine.json().get("items"))
        .singleElement()
        .satisfies(
            n -> {
              assertThat(n.get("kind").asText()).isEqualTo("BOOKING_CONFIRMED");
              assertThat(n.get("channel").asText()).isEqualTo("EMAIL");
              assertThat(n.get("ref").asText()).isEqualTo(theirs);
            });
  }

  @Test
  void aWalkInWhosePhoneAMemberAlreadyClaimedIsTheirsFromTheFirstBooking() {
    ApiDriver.expect(claim("m", PHONE), 200);

    String theirs = walkIn(api.openSlot("SEATS", 5, 3000));

    assertThat(myBookings("m")).containsExactly(theirs);
    assertThat(api.booking("m", theirs).status()).isEqualTo(200);
  }

  /**
   * The desk makes the walk-in's profile while the member claims the phone, round after round:
   * whichever commits first, the other sees it, and no walk-in booking is left out of the member's
   * list.
   */
  @Test
  void aClaimRacingTheDesksFirstWalkInsNeverLeavesAWalkInBookingBehind() throws Exception {
    String slotId = api.openSlot("SEATS", 60, 3000);
    for (int round = 0; round < 6; round++) {
      String phone = "+86135001350" + String.format("%02d", round);
      String member = "racer-" + round;
      ApiDriver.expect(Contacts.askPhoneCode(api, member, phone), 202);
      String code = fairslot.testing.Mailbox.lastCodeTo(phone);
      List<Reply> replies =
          Race.all(
              6,
              i ->
                  () ->
                      i == 0
                          ? Contacts.confirm(api, member, "phone", code)
                          : api.send(
                              "POST /staff/bookings",
                              e ->
                                  e.as("desk-1", FRONTDESK)
                                      .body(
                                          "{\"slotId\":\""
                                              + slotId
                                              + "\",\"quantity\":1,\"customer\":{\"phone\":\""
                                              + phone
                                              + "\",\"name\":\"Li\"}}")));
      assertThat(replies.get(0).status())
          .as("round %d claim: %s", round, replies.get(0))
          .isEqualTo(200);
      List<String> desk = new ArrayList<>();
      for (Reply r : replies.subList(1, replies.size())) {
        if (r.status() == 201) {
          desk.add(r.text("bookingId"));
        } else {
          assertThat(r.text("code")).as("round %d: %s", round, r).isEqualTo("already_booked");
        }
      }
      assertThat(desk).as("round %d", round).isNotEmpty();
      assertThat(myBookings(member)).as("round %d", round).containsAll(desk);
    }
  }

  @Test
  void typingAWalkInsPhoneWithoutProvingItLinksNothing() {
    String theirs = walkIn(api.openSlot("SEATS", 5, 3000));

    Reply typed = type("intruder", PHONE);

    assertThat(typed.status()).isEqualTo(200);
    assertThat(typed.json().get("phoneVerified").asBoolean()).isFalse();
    assertThat(myBookings("intruder")).isEmpty();
    assertThat(api.booking("intruder", theirs).status()).isEqualTo(404);
    assertThat(api.cancel("intruder", theirs).status()).isEqualTo(404);
    assertThat(
            api.send("GET /me/notifications", e -> e.as("intruder", CUSTOMER)).json().get("items"))
        .isEmpty();
  }

  @Test
  void noAnswerTellsWhetherAPhoneIsSomeoneElses() {
    ApiDriver.expect(claim("owner", PHONE), 200);

    Reply typedHeld = type("guesser", PHONE);
    Reply typedFree = type("guesser-2", "+8613500135999");
    Reply askHeld = Contacts.askPhoneCode(api, "guesser", PHONE);
    Reply askFree = Contacts.askPhoneCode(api, "guesser-2", "+8613500135999");

    assertThat(typedHeld.status()).isEqualTo(typedFree.status()).isEqualTo(200);
    assertThat(askHeld.status()).isEqualTo(askFree.status()).isEqualTo(202);
    assertThat(askHeld.json().fieldNames())
        .toIterable()
        .containsExactlyElementsOf(() -> askFree.json().fieldNames());
  }

  @Test
  void aPhoneProvedByAnotherMemberTakesItsWalkInBookingsAlong() {
    String theirs = walkIn(api.openSlot("SEATS", 5, 3000));
    ApiDriver.expect(claim("first", PHONE), 200);
    List<String> firstBefore = myBookings("first");

    Reply second = claim("second", PHONE);
    Reply firstProfile = api.send("GET /me/profile", e -> e.as("first", CUSTOMER));

    assertThat(firstBefore).containsExactly(theirs);
    assertThat(second.status()).isEqualTo(200);
    assertThat(second.json().get("phoneVerified").asBoolean()).isTrue();
    assertThat(myBookings("second")).containsExactly(theirs);
    assertThat(myBookings("first")).isEmpty();
    assertThat(api.booking("first", theirs).status()).isEqualTo(404);
    assertThat(firstProfile.json().get("phone").isNull()).isTrue();
    assertThat(firstProfile.json().get("phoneVerified").asBoolean()).isFalse();
  }

  @Test
  void givingThePhoneUpGivesItsWalkInBookingsUpAndTheNextProverGetsThem() {
    String theirs = walkIn(api.openSlot("SEATS", 5, 3000));
    ApiDriver.expect(claim("first", PHONE), 200);
    ApiDriver.expect(type("first", "+8613500135000"), 200); // gives the phone up
    List<String> firstAfter = myBookings("first");
    Reply second = claim("second", PHONE);

    assertThat(firstAfter).isEmpty();
    assertThat(second.status()).isEqualTo(200);
    assertThat(myBookings("second")).containsExactly(theirs);
    assertThat(api.booking("first", theirs).status()).isEqualTo(404);
  }

  /**
   * Three members (the most codes one number may be sent in an hour) confirm the phone at once:
   * every confirmation moves it, and the bookings end with exactly the member holding it.
   */
  @Test
  void membersRacingToConfirmAWalkInsPhoneLeaveItsBookingsWithExactlyTheHolder() throws Exception {
    String theirs = walkIn(api.openSlot("SEATS", 5, 3000));
    List<String> codes = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ApiDriver.expect(Contacts.askPhoneCode(api, "racer-" + i, PHONE), 202);
      codes.add(fairslot.testing.Mailbox.lastCodeTo(PHONE));
    }

    List<Reply> replies =
        Race.all(3, i -> () -> Contacts.confirm(api, "racer-" + i, "phone", codes.get(i)));

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
    List<String> holders = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String racer = "racer-" + i;
      Reply profile = api.send("GET /me/profile", e -> e.as(racer, CUSTOMER));
      if (profile.json().get("phoneVerified").asBoolean()) {
        holders.add(racer);
        assertThat(myBookings(racer)).containsExactly(theirs);
      } else {
        assertThat(myBookings(racer)).as(racer).isEmpty();
      }
    }
    assertThat(holders).hasSize(1);
  }
}
