package fairslot.chaos;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Venue staff in a chaos run (issue 33): the offer venue's own desk (a venue role, no global group)
 * takes walk-ins, the AUTO_HOLD venue's desk reaches for the offer venue's bookings and must be
 * refused every time, and the platform admin and the venue's admin edit one clerk's roles at once
 * while the clerk works. Checked at rest: every refusal was a 403, and each grant's two copies
 * agree.
 */
final class ChaosVenueStaff {
  static final String OWN_DESK = "venue-desk";
  static final String OTHER_DESK = "other-venue-desk";
  static final String VENUE_ADMIN = "venue-admin";
  static final String CLERK = "venue-clerk";

  private final ChaosWorld world;
  private final ChaosWorkload work;

  /** Answers to the other venue's desk that were not 403: each one a violation. */
  final Set<String> crossVenueAnswers = ConcurrentHashMap.newKeySet();

  ChaosVenueStaff(ChaosWorld world, ChaosWorkload work) {
    this.world = world;
    this.work = work;
  }

  /** The grants, made before the faults are on. */
  void setUp(String offerVenue, String autoVenue) {
    grant("admin", "admin", offerVenue, OWN_DESK, "[\"frontdesk\"]");
    grant("admin", "admin", offerVenue, VENUE_ADMIN, "[\"admin\"]");
    grant("admin", "admin", autoVenue, OTHER_DESK, "[\"frontdesk\",\"admin\"]");
  }

  private Reply grant(String actor, String group, String venue, String user, String roles) {
    return world.call(
        "PUT /venues/{venueId}/staff/{userId}",
        Map.of("venueId", venue, "userId", user),
        actor,
        group,
        "{\"roles\":" + roles + "}",
        null);
  }

  void wave(String offerVenue, String crowdSlot, List<Callable<Object>> wave) {
    ChaosDesk desk = new ChaosDesk(world, work);
    for (int i = 0; i < 3; i++) {
      String phone = "+86 139 0013 90" + (10 + i);
      wave.add(() -> desk.walkIn(phone, crowdSlot, OWN_DESK, "customer"));
    }
    wave.add(() -> reachAcross(crowdSlot));
    wave.add(() -> reachAcross(crowdSlot));
    // Two admins set the clerk's roles at once while the clerk takes a walk-in.
    wave.add(() -> grant("admin", "admin", offerVenue, CLERK, "[\"frontdesk\"]"));
    wave.add(
        () -> grant(VENUE_ADMIN, "customer", offerVenue, CLERK, "[\"frontdesk\",\"finance\"]"));
    wave.add(() -> desk.walkIn("+86 139 0013 9020", crowdSlot, CLERK, "customer"));
  }

  /** Later, with the walk-ins all made: the other venue's desk tries each of them again. */
  void late(String crowdSlot, List<Callable<Object>> late) {
    late.add(() -> reachAcross(crowdSlot));
  }

  /** The other venue's desk on this venue's walk-ins and slot: refused, whatever it tries. */
  private Object reachAcross(String crowdSlot) {
    for (String bookingId : List.copyOf(work.deskBookings)) {
      for (String route :
          List.of(
              "POST /staff/bookings/{bookingId}/refund",
              "POST /staff/bookings/{bookingId}/check-in")) {
        expectForbidden(
            world.call(route, Map.of("bookingId", bookingId), OTHER_DESK, "customer", "{}", null),
            route + " " + bookingId);
      }
    }
    expectForbidden(
        world.call(
            "POST /slots/{slotId}/close",
            Map.of("slotId", crowdSlot),
            OTHER_DESK,
            "customer",
            "{}",
            null),
        "close " + crowdSlot);
    return null;
  }

  private void expectForbidden(Reply r, String what) {
    if (r.status() != 403 && r.status() != 503) {
      crossVenueAnswers.add(what + " -> " + r.status() + " " + r.body());
    }
  }

  /** At rest: the other venue's desk was refused, and every grant's member copy matches. */
  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    crossVenueAnswers.forEach(a -> out.add("another venue's desk was not refused: " + a));
    Map<String, String> venueCopies = new HashMap<>();
    Map<String, String> memberCopies = new HashMap<>();
    for (var item : items) {
      if (ChaosChecks.is(item, "STAFF_GRANT")) {
        String key = ChaosChecks.s(item, "venueId") + "/" + ChaosChecks.s(item, "userId");
        String value =
            item.get("roles").ss().stream().sorted().toList() + "@" + item.get("version").n();
        (item.get("PK").s().startsWith("VENUE#") ? venueCopies : memberCopies).put(key, value);
      }
    }
    if (!venueCopies.equals(memberCopies)) {
      out.add(
          "staff grants disagree: at the venue " + venueCopies + ", at the member " + memberCopies);
    }
    for (String user : List.of(OWN_DESK, VENUE_ADMIN, OTHER_DESK, CLERK)) {
      if (venueCopies.keySet().stream().noneMatch(k -> k.endsWith("/" + user))) {
        out.add("staff member " + user + " holds no grant at the end");
      }
    }
  }
}
