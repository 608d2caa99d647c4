package fairslot.handler.staff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.definitions.Fairslot;
import fairslot.definitions.Role;
import fairslot.definitions.RouteDefinition;
import fairslot.definitions.VenueScope;
import fairslot.kernel.Change;
import fairslot.member.domain.Channel;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.Notification;
import fairslot.staff.store.DynamoDbStaffStore;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Venue roles through the real handler (API.md v1.2 "Venue staff and fair access"): the role matrix
 * of every staff route grows a venue dimension (own venue, other venue, platform admin, nobody),
 * lists show the caller's venues only, and grants are administered, audited and revoked.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VenueRolesIT {
  private final ApiDriver api = new ApiDriver("venueroles");

  /** The things of one venue a staff request can touch. */
  private record Place(
      String venueId,
      String resourceId,
      String slotId,
      String bookingId,
      String planId,
      String exceptionId,
      String notificationId,
      String ticket,
      String passId) {}

  private Place a;
  private Place b;

  @BeforeAll
  void twoVenues() {
    a = place("a");
    b = place("b");
  }

  private Place place(String tag) {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    String slot = api.slot(court, Duration.ofDays(2), Duration.ofHours(1), 6000);
    String mismatchSlot = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 6000);
    String booking = api.paidBooking("member-" + tag, slot);
    // An amount mismatch: a finance exception of this venue.
    String mismatched = api.book("payer-" + tag, mismatchSlot, 1).text("bookingId");
    String paymentNo = api.pay("payer-" + tag, mismatched).text("paymentNo");
    ApiDriver.expect(
        api.webhook(ApiDriver.callbackBody("evt-" + tag, paymentNo, mismatched, 1, "SUCCEEDED")),
        422);
    Reply exceptions =
        api.send(
            "GET /finance/exceptions",
            e -> e.as("platform", ApiDriver.ADMIN).query("venueId", venue));
    String exception = exceptions.json().get("items").get(0).get("exceptionId").asText();
    Reply plan =
        api.send(
            "POST /venues/{venueId}/plans",
            e ->
                e.as("platform", ApiDriver.ADMIN)
                    .path("venueId", venue)
                    .body(
                        "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P30D\","
                            + "\"priceMinor\":50000,\"currency\":\"CNY\"}"));
    ApiDriver.expect(plan, 201);
    String notification =
        new Delivery.Id(
                new Notification(
                    "member-" + tag, slot, Notification.Kind.BOOKING_CONFIRMED, booking),
                Channel.EMAIL,
                api.clock.instant())
            .encode();
    // The booking's QR ticket: the check-in by ticket finds its venue through it.
    Reply ticket =
        api.send(
            "GET /bookings/{bookingId}/ticket",
            e -> e.as("member-" + tag, ApiDriver.CUSTOMER).path("bookingId", booking));
    ApiDriver.expect(ticket, 200);
    Reply pass =
        api.send(
            "POST /staff/passes",
            e ->
                e.as("platform", ApiDriver.ADMIN)
                    .body(
                        "{\"planId\":\""
                            + plan.text("planId")
                            + "\",\"customer\":{\"userId\":\"member-"
                            + tag
                            + "\"}}"));
    ApiDriver.expect(pass, 201);
    return new Place(
        venue,
        court,
        slot,
        booking,
        plan.text("planId"),
        exception,
        notification,
        ticket.text("ticket"),
        pass.text("passId"));
  }

  private Reply grant(String actor, List<String> groups, String venue, String user, String roles) {
    return api.send(
        "PUT /venues/{venueId}/staff/{userId}",
        e ->
            e.as(actor, groups)
                .path("venueId", venue)
                .path("userId", user)
                .body("{\"roles\":" + roles + "}"));
  }

  private Reply revoke(String actor, String venue, String user) {
    return api.send(
        "DELETE /venues/{venueId}/staff/{userId}",
        e -> e.as(actor, ApiDriver.CUSTOMER).path("venueId", venue).path("userId", user));
  }

  /** A request of {@code route} that touches {@code at} (its path, body and query all name it). */
  private Reply touching(RouteDefinition route, Place at, String user, List<String> groups) {
    // Built by Jackson, so a padded id travels as the characters sent, escaped as JSON needs.
    String body =
        fairslot.shared.Json.object()
            .put("venueId", at.venueId())
            .put("slotId", at.slotId())
            .put("resourceId", at.resourceId())
            .put("planId", at.planId())
            .put("ticket", at.ticket())
            .put("unknownField", true)
            .toString();
    return api.send(
        route.routeKey(),
        e -> {
          e.as(user, groups)
              .path("venueId", at.venueId())
              .path("slotId", at.slotId())
              .path("bookingId", at.bookingId())
              .path("resourceId", at.resourceId())
              .path("exceptionId", at.exceptionId())
              .path("notificationId", at.notificationId())
              .path("passId", at.passId())
              .path("userId", "nobody-in-particular")
              .body(body);
          if (route.venueScope() == VenueScope.QUERY_VENUE) {
            e.query("venueId", at.venueId()).query("date", "2026-12-03");
          }
          if (route.venueScope() == VenueScope.AUDIT_SUBJECT) {
            e.query("slotId", at.slotId());
          }
        });
  }

  private static List<RouteDefinition> staffRoutes() {
    return Fairslot.ROUTES.stream().filter(r -> r.venueScope() != VenueScope.NONE).toList();
  }

  @Test
  void everyStaffRouteActsOnlyAtTheVenuesWhereTheCallerHoldsItsRole() {
    for (Role role : List.of(Role.ADMIN, Role.FRONTDESK, Role.FINANCE)) {
      String user = "staff-of-a-" + role.group();
      ApiDriver.expect(
          grant("platform", ApiDriver.ADMIN, a.venueId(), user, "[\"" + role.group() + "\"]"), 200);
    }
    List<String> checked = new ArrayList<>();
    for (RouteDefinition route : staffRoutes()) {
      for (Role role : route.roles()) {
        String user = "staff-of-a-" + role.group();
        Reply own = touching(route, a, user, ApiDriver.CUSTOMER);
        int before = SeatLedger.itemCount(Aws.dynamo(), api.table);
        Reply other = touching(route, b, user, ApiDriver.CUSTOMER);
        if (other.status() == 403) {
          assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table))
              .as("%s refused on B wrote nothing", route.routeKey())
              .isEqualTo(before);
        }
        String what = route.routeKey() + " as " + role.group() + " of venue A";
        if (route.venueScope() == VenueScope.PLATFORM) {
          assertThat(own.status()).as("%s (the platform's)", what).isEqualTo(403);
        } else {
          assertThat(own.status()).as("%s, on A: %s", what, own).isNotIn(401, 403, 500);
        }
        if (route.venueScope() == VenueScope.LIST) {
          assertThat(other.status()).as("%s, a list: %s", what, other).isEqualTo(200);
        } else {
          assertThat(other.status()).as("%s, on B: %s", what, other).isEqualTo(403);
          assertThat(other.text("code")).isEqualTo("forbidden");
        }
        checked.add(route.routeKey() + "/" + role.group());
      }
      // The platform admin acts everywhere; a member with no role nowhere.
      assertThat(touching(route, b, "platform", ApiDriver.ADMIN).status())
          .as("%s as platform admin", route.routeKey())
          .isNotIn(401, 403, 500);
      assertThat(touching(route, a, "nobody", ApiDriver.CUSTOMER).status())
          .as("%s with no role", route.routeKey())
          .isEqualTo(403);
      // A role the route does not take, held at the right venue, is still no role.
      for (Role other : List.of(Role.ADMIN, Role.FRONTDESK, Role.FINANCE)) {
        if (!route.roles().contains(other) && !route.roles().contains(Role.ADMIN)) {
          continue;
        }
        if (!route.roles().contains(other)) {
          assertThat(touching(route, a, "staff-of-a-" + other.group(), ApiDriver.CUSTOMER).status())
              .as("%s as %s of A", route.routeKey(), other.group())
              .isEqualTo(403);
        }
      }
    }
    assertThat(checked).hasSizeGreaterThan(staffRoutes().size());
  }

  /** The same place, every id sent with {@code pad} around it (API.md v1.3). */
  private static Place padded(Place p, String before, String after) {
    java.util.function.UnaryOperator<String> pad = id -> before + id + after;
    return new Place(
        pad.apply(p.venueId()),
        pad.apply(p.resourceId()),
        pad.apply(p.slotId()),
        pad.apply(p.bookingId()),
        pad.apply(p.planId()),
        pad.apply(p.exceptionId()),
        pad.apply(p.notificationId()),
        pad.apply(p.ticket()),
        pad.apply(p.passId()));
  }

  @Test
  void noStaffRouteActsOnAnotherVenueThroughAnIdPaddedWithWhitespace() {
    for (Role role : List.of(Role.ADMIN, Role.FRONTDESK, Role.FINANCE)) {
      ApiDriver.expect(
          grant(
              "platform",
              ApiDriver.ADMIN,
              a.venueId(),
              "pad-" + role.group(),
              "[\"" + role.group() + "\"]"),
          200);
    }
    List<Place> pads =
        List.of(
            padded(b, " ", ""),
            padded(b, "", "\t"),
            padded(b, "", "\n"),
            padded(b, "\u00a0", ""),
            padded(b, "", "\u200b"),
            padded(b, " ".repeat(300), ""));
    List<String> checked = new ArrayList<>();
    for (RouteDefinition route : staffRoutes()) {
      if (route.venueScope() == VenueScope.LIST) {
        continue; // names no id: a list of the caller's venues
      }
      for (Role role : route.roles()) {
        for (Place pad : pads) {
          int before = SeatLedger.itemCount(Aws.dynamo(), api.table);
          Reply r = touching(route, pad, "pad-" + role.group(), ApiDriver.CUSTOMER);
          String what = route.routeKey() + " as " + role.group() + " of A, padded ids of B";
          assertThat(r.status()).as("%s: %s", what, r).isBetween(400, 499);
          assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table))
              .as("%s wrote nothing", what)
              .isEqualTo(before);
        }
        checked.add(route.routeKey());
      }
    }
    assertThat(checked).hasSizeGreaterThanOrEqualTo(staffRoutes().size() - 1);
  }

  @Test
  void aMembersReconcileIsThePlatformsAnUnknownAuditSubjectIs404AndFinanceReadsItsVenuesPayments() {
    ApiDriver.expect(
        grant("platform", ApiDriver.ADMIN, a.venueId(), "admin-7", "[\"admin\"]"), 200);
    ApiDriver.expect(
        grant("platform", ApiDriver.ADMIN, a.venueId(), "fin-7", "[\"finance\"]"), 200);
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);
    Reply member =
        api.send(
            "POST /admin/reconcile",
            e ->
                e.as("admin-7", ApiDriver.CUSTOMER)
                    .body("{\"userId\":\"member-b\",\"repair\":true}"));
    assertThat(member.status()).as("%s", member).isEqualTo(403);
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);

    Reply gone =
        api.send(
            "GET /audit", e -> e.as("fin-7", ApiDriver.CUSTOMER).query("bookingId", "no-such-one"));
    assertThat(gone.status()).as("%s", gone).isEqualTo(404);
    assertThat(gone.text("code")).isEqualTo("not_found");

    Reply ours =
        api.send(
            "GET /bookings/{bookingId}/payments",
            e -> e.as("fin-7", ApiDriver.CUSTOMER).path("bookingId", a.bookingId()));
    assertThat(ours.status()).as("%s", ours).isEqualTo(200);
    assertThat(ours.json().get("items")).isNotEmpty();
    Reply theirs =
        api.send(
            "GET /bookings/{bookingId}/payments",
            e -> e.as("fin-7", ApiDriver.CUSTOMER).path("bookingId", b.bookingId()));
    assertThat(theirs.status()).as("%s", theirs).isEqualTo(404);
  }

  @Test
  void listsShowTheCallersVenuesOnly() {
    ApiDriver.expect(
        grant("platform", ApiDriver.ADMIN, a.venueId(), "desk-list", "[\"frontdesk\"]"), 200);
    ApiDriver.expect(
        grant("platform", ApiDriver.ADMIN, a.venueId(), "fin-list", "[\"finance\"]"), 200);

    // A member who booked at both venues: the desk of A finds the booking at A only.
    String atA =
        api.paidBooking(
            "both", api.slot(a.resourceId(), Duration.ofDays(6), Duration.ofHours(1), 6000));
    String atB =
        api.paidBooking(
            "both", api.slot(b.resourceId(), Duration.ofDays(7), Duration.ofHours(1), 6000));
    Reply bookings =
        api.send(
            "GET /staff/bookings",
            e -> e.as("desk-list", ApiDriver.CUSTOMER).query("userId", "both"));
    assertThat(bookings.status()).as("%s", bookings).isEqualTo(200);
    assertThat(idsOf(bookings.json().get("items"), "bookingId")).containsExactly(atA);
    Reply everywhere =
        api.send(
            "GET /staff/bookings", e -> e.as("platform", ApiDriver.ADMIN).query("userId", "both"));
    assertThat(idsOf(everywhere.json().get("items"), "bookingId")).containsOnly(atA, atB);

    Reply exceptions =
        api.send("GET /finance/exceptions", e -> e.as("fin-list", ApiDriver.CUSTOMER));
    assertThat(exceptions.status()).isEqualTo(200);
    List<String> ids = new ArrayList<>();
    exceptions.json().get("items").forEach(x -> ids.add(x.get("exceptionId").asText()));
    assertThat(ids).contains(a.exceptionId()).doesNotContain(b.exceptionId());

    Reply all = api.send("GET /finance/exceptions", e -> e.as("platform", ApiDriver.ADMIN));
    List<String> allIds = new ArrayList<>();
    all.json().get("items").forEach(x -> allIds.add(x.get("exceptionId").asText()));
    assertThat(allIds).contains(a.exceptionId(), b.exceptionId());
  }

  private static List<String> idsOf(JsonNode items, String field) {
    List<String> out = new ArrayList<>();
    items.forEach(i -> out.add(i.get(field).asText()));
    return out;
  }

  @Test
  void aVenueAdminAdministersTheirVenueOnlyAndEveryChangeIsAudited() {
    ApiDriver.expect(grant("platform", ApiDriver.ADMIN, a.venueId(), "boss-a", "[\"admin\"]"), 200);

    Reply granted =
        grant("boss-a", ApiDriver.CUSTOMER, a.venueId(), "clerk", "[\"frontdesk\",\"finance\"]");
    assertThat(granted.status()).as("%s", granted).isEqualTo(200);
    assertThat(granted.json().get("roles").toString()).isEqualTo("[\"frontdesk\",\"finance\"]");
    assertThat(granted.text("grantedBy")).isEqualTo("boss-a");

    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);
    assertThat(
            grant("boss-a", ApiDriver.CUSTOMER, b.venueId(), "clerk", "[\"frontdesk\"]").status())
        .as("another venue")
        .isEqualTo(403);
    Reply self = grant("boss-a", ApiDriver.CUSTOMER, a.venueId(), "boss-a", "[\"finance\"]");
    assertThat(self.status()).as("their own roles").isEqualTo(403);
    Reply unknown = grant("boss-a", ApiDriver.CUSTOMER, a.venueId(), "clerk", "[\"owner\"]");
    assertThat(unknown.status()).isEqualTo(422);
    assertThat(unknown.text("code")).isEqualTo("invalid_request");
    assertThat(grant("boss-a", ApiDriver.CUSTOMER, a.venueId(), "clerk", "[]").status())
        .isEqualTo(422);
    assertThat(grant("boss-a", ApiDriver.CUSTOMER, a.venueId(), "clerk", "\"admin\"").status())
        .isEqualTo(422);
    assertThat(grant("clerk", ApiDriver.CUSTOMER, a.venueId(), "friend", "[\"admin\"]").status())
        .as("a frontdesk granting")
        .isEqualTo(403);
    assertThat(grant("platform", ApiDriver.ADMIN, "no-such-venue", "clerk", "[\"admin\"]").status())
        .isEqualTo(404);
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);

    Reply list =
        api.send(
            "GET /venues/{venueId}/staff",
            e -> e.as("boss-a", ApiDriver.CUSTOMER).path("venueId", a.venueId()));
    List<String> members = new ArrayList<>();
    list.json().get("items").forEach(g -> members.add(g.get("userId").asText()));
    assertThat(members).contains("boss-a", "clerk");

    Reply mine = api.send("GET /me/venues", e -> e.as("clerk", ApiDriver.CUSTOMER));
    assertThat(mine.json().get("items")).hasSize(1);
    assertThat(mine.json().get("items").get(0).get("venueId").asText()).isEqualTo(a.venueId());

    assertThat(revoke("boss-a", a.venueId(), "clerk").status()).isEqualTo(204);
    assertThat(
            api.send("GET /me/venues", e -> e.as("clerk", ApiDriver.CUSTOMER)).json().get("items"))
        .isEmpty();
    assertThat(revoke("boss-a", a.venueId(), "clerk").status()).as("gone").isEqualTo(404);

    Reply audit =
        api.send(
            "GET /audit",
            e ->
                e.as("boss-a", ApiDriver.CUSTOMER)
                    .query("venueId", a.venueId())
                    .query("limit", "100"));
    List<String> trail = new ArrayList<>();
    audit
        .json()
        .get("items")
        .forEach(
            x ->
                trail.add(
                    x.get("entity").asText()
                        + " "
                        + x.get("from").asText()
                        + ">"
                        + x.get("to").asText()
                        + " by "
                        + x.get("actor").asText()));
    assertThat(trail)
        .contains(
            "staff:boss-a ->admin by platform",
            "staff:clerk ->finance,frontdesk by boss-a"
                .replace("finance,frontdesk", "frontdesk,finance"),
            "staff:clerk frontdesk,finance>- by boss-a");
  }

  @Test
  void aRoleRevokedInAnotherContainerStopsWorkingWithinAMinute() {
    ApiDriver.expect(
        grant("platform", ApiDriver.ADMIN, a.venueId(), "desk-late", "[\"frontdesk\"]"), 200);
    assertThat(
            api.send(
                    "GET /staff/bookings",
                    e ->
                        e.as("desk-late", ApiDriver.CUSTOMER)
                            .query("venueId", a.venueId())
                            .query("date", "2026-12-03"))
                .status())
        .isEqualTo(200);

    // Another container revokes it: this one learns of it only from the table.
    DynamoDbStaffStore elsewhere = new DynamoDbStaffStore(Aws.dynamo(), api.table);
    var held = elsewhere.grant(a.venueId(), "desk-late").orElseThrow();
    assertThat(elsewhere.revoke(held, Change.by("platform", api.clock.instant(), "test"))).isTrue();

    api.clock.advance(Duration.ofSeconds(60));
    Reply after =
        api.send(
            "GET /staff/bookings",
            e ->
                e.as("desk-late", ApiDriver.CUSTOMER)
                    .query("venueId", a.venueId())
                    .query("date", "2026-12-03"));
    assertThat(after.status()).isEqualTo(403);
  }

  @Test
  void theDeskOfOneVenueMovesOnlyThatVenuesBookings() {
    ApiDriver.expect(
        grant("platform", ApiDriver.ADMIN, a.venueId(), "desk-move", "[\"frontdesk\"]"), 200);
    String slotA = api.slot(a.resourceId(), Duration.ofDays(5), Duration.ofHours(1), 6000);
    String slotB = api.slot(b.resourceId(), Duration.ofDays(5), Duration.ofHours(1), 6000);
    String bookingA = api.paidBooking("mover-a", slotA);
    String bookingB = api.paidBooking("mover-b", slotB);

    // The recipient is a member with a profile: only the venue can refuse it.
    ApiDriver.expect(
        api.send(
            "PUT /me/profile", e -> e.as("payer-b", ApiDriver.CUSTOMER).body("{\"name\":\"B\"}")),
        200);
    Reply theirs = transfer("desk-move", bookingB, "payer-b");
    assertThat(theirs.status()).as("%s", theirs).isEqualTo(404);
    assertThat(api.booking("mover-b", bookingB).text("userId")).isEqualTo("mover-b");

    Reply ours = transfer("desk-move", bookingA, "payer-b");
    assertThat(ours.status()).as("%s", ours).isEqualTo(200);
    assertThat(ours.text("userId")).isEqualTo("payer-b");
  }

  private Reply transfer(String user, String bookingId, String to) {
    return api.send(
        "POST /bookings/{bookingId}/transfer",
        e ->
            e.as(user, ApiDriver.CUSTOMER)
                .path("bookingId", bookingId)
                .body("{\"toUserId\":\"" + to + "\"}"));
  }

  static String lower(Role r) {
    return r.name().toLowerCase(Locale.ROOT);
  }
}
