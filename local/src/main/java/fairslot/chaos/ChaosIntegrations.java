package fairslot.chaos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Check-in tickets and calendar feeds in a chaos run (issue 37), on a free slot of their own:
 * members book, fetch their ticket and are checked in by it twice at once while a forged copy is
 * tried; others ask for their feed address while rotating it twice at once. At rest: every booking
 * a ticket checked in is COMPLETED, no forgery was let in, and of every address handed out only the
 * member's current one opens a feed, which lists their booking.
 */
final class ChaosIntegrations {
  private static final String DESK = "desk";

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private String slotId;

  /** Bookings a ticket check-in answered 200 for. */
  private final Set<String> checkedIn = ConcurrentHashMap.newKeySet();

  /** Every feed address handed out, by member, and each member's booking. */
  private final Map<String, Set<String>> tokens = new ConcurrentHashMap<>();

  private final Map<String, String> bookingOf = new ConcurrentHashMap<>();
  private final List<String> seen = Collections.synchronizedList(new ArrayList<>());

  ChaosIntegrations(ChaosWorld world, ChaosWorkload work) {
    this.world = world;
    this.work = work;
  }

  /** The slot, made before the faults: free, so a booking is PAID at once and has a ticket. */
  void setUp(int n, String venueId) {
    slotId = new ChaosCatalog(world).slot(n, venueId, 10, "DIRECT", 0);
  }

  void wave(List<Callable<Object>> wave) {
    for (int i = 0; i < 4; i++) {
      String user = "tk" + i;
      wave.add(() -> ticketed(user));
    }
    for (int i = 0; i < 3; i++) {
      String user = "cal" + i;
      wave.add(() -> address(user, "GET /me/calendar"));
      wave.add(() -> address(user, "POST /me/calendar/rotate"));
      wave.add(() -> address(user, "POST /me/calendar/rotate"));
      wave.add(() -> book(user));
    }
  }

  private String book(String user) {
    Reply r = work.book(user, slotId, "k-int-" + user);
    if (r.status() == 201) {
      bookingOf.put(user, r.text("bookingId"));
      return r.text("bookingId");
    }
    return null;
  }

  private Object ticketed(String user) throws Exception {
    String bookingId = book(user);
    if (bookingId == null) {
      return null;
    }
    Reply t =
        world.call(
            "GET /bookings/{bookingId}/ticket",
            Map.of("bookingId", bookingId),
            user,
            "customer",
            null,
            null);
    if (t.status() != 200) {
      return t;
    }
    String ticket = t.text("ticket");
    // One character in the signature's middle changed: always other bytes (the last character
    // has bits the decoder ignores, and a change there alone is the same signature).
    int at = ticket.length() - 30;
    String forged =
        ticket.substring(0, at) + (ticket.charAt(at) == 'A' ? 'B' : 'A') + ticket.substring(at + 1);
    List<Callable<Object>> scans = new ArrayList<>();
    scans.add(() -> scan(ticket, bookingId, false));
    scans.add(() -> scan(ticket, bookingId, false));
    scans.add(() -> scan(forged, bookingId, true));
    var pool = Executors.newFixedThreadPool(scans.size());
    try {
      for (var f : pool.invokeAll(scans)) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    return t;
  }

  private Object scan(String ticket, String bookingId, boolean forged) {
    Reply r =
        world.call(
            "POST /staff/check-in",
            Map.of(),
            DESK,
            "frontdesk",
            "{\"ticket\":\"" + ticket + "\"}",
            null);
    if (forged && r.status() != 401) {
      seen.add("a forged ticket of " + bookingId + " was answered " + r.status());
    }
    if (!forged && r.status() == 200) {
      checkedIn.add(bookingId);
    }
    return r;
  }

  private Object address(String user, String route) {
    Reply r = world.call(route, Map.of(), user, "customer", "{}", null);
    if (r.status() == 200) {
      tokens.computeIfAbsent(user, u -> ConcurrentHashMap.newKeySet()).add(r.text("token"));
    }
    return r;
  }

  /** At rest (faults off). */
  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    out.addAll(seen);
    for (var item : items) {
      if (ChaosChecks.is(item, "BOOKING")
          && checkedIn.contains(ChaosChecks.s(item, "bookingId"))
          && !"COMPLETED".equals(ChaosChecks.s(item, "status"))) {
        out.add(
            "booking "
                + ChaosChecks.s(item, "bookingId")
                + " was checked in by its ticket but is "
                + ChaosChecks.s(item, "status"));
      }
    }
    tokens.forEach(
        (user, handedOut) -> {
          Reply now = world.call("GET /me/calendar", Map.of(), user, "customer", null, null);
          String current = now.text("token");
          Reply feed = world.feed(current);
          String booking = bookingOf.get(user);
          if (feed.status() != 200
              || (booking != null && !feed.body().contains("UID:" + booking + "@fairslot"))) {
            out.add(
                user + "'s current feed address answers " + feed.status() + " or lacks " + booking);
          }
          for (String t : handedOut) {
            if (!t.equals(current) && world.feed(t).status() != 404) {
              out.add(user + "'s feed address from before a rotation still opens the feed");
            }
          }
        });
  }
}
