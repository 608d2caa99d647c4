package fairslot.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Erasure in a chaos run (issue 37): members name themselves, book a free seat and cancel it, and
 * ask to be erased twice at once while the erase-members job runs beside them, under faults. At
 * rest, after the job has had its hourly returns: no item holds an erasing member's name; a member
 * with no live booking is ERASED and no booking is theirs any more; one whose cancel the faults
 * broke keeps that booking and is still REQUESTED.
 */
final class ChaosErasures {
  private static final int MEMBERS = 3;

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private String slotId;

  /** The members whose erasure was answered 202, by the unique name they gave themselves. */
  private final Map<String, String> asked = new ConcurrentHashMap<>();

  ChaosErasures(ChaosWorld world, ChaosWorkload work) {
    this.world = world;
    this.work = work;
  }

  void setUp(int n, String venueId) {
    slotId = new ChaosCatalog(world).slot(n, venueId, MEMBERS, "DIRECT", 0);
  }

  void wave(List<Callable<Object>> wave) {
    for (int i = 0; i < MEMBERS; i++) {
      String user = "er" + i;
      String name = "Erasable " + world.table + " " + i;
      wave.add(() -> leave(user, name));
    }
    wave.add(() -> world.runJob("erase-members"));
    wave.add(() -> world.runJob("erase-members"));
  }

  private Object leave(String user, String name) throws Exception {
    world.call("PUT /me/profile", Map.of(), user, "customer", "{\"name\":\"" + name + "\"}", null);
    Reply booked = work.book(user, slotId, "k-er-" + user);
    if (booked.status() == 201) {
      world.call(
          "POST /bookings/{bookingId}/cancel",
          Map.of("bookingId", booked.text("bookingId")),
          user,
          "customer",
          null,
          null);
    }
    List<Callable<Reply>> twice =
        List.of(
            () -> world.call("POST /me/erase", Map.of(), user, "customer", null, null),
            () -> world.call("POST /me/erase", Map.of(), user, "customer", null, null));
    var pool = Executors.newFixedThreadPool(2);
    try {
      for (var f : pool.invokeAll(twice)) {
        if (f.get().status() == 202) {
          asked.put(user, name);
        }
      }
    } finally {
      pool.shutdown();
    }
    return null;
  }

  /** The members who asked to be erased. */
  Set<String> members() {
    return asked.keySet();
  }

  /** Faults off: the job's hourly returns, until nothing is due. */
  void settle() {
    for (int run = 0; run < 3; run++) {
      world.clock.advance(Duration.ofHours(1));
      world.runJob("erase-members");
    }
  }

  /** At rest (faults off, after {@link #settle}). */
  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Set<String> live = Set.of("PENDING_PAY", "PAID");
    asked.forEach(
        (user, name) -> {
          boolean holdsLive = false;
          String erasure = null;
          for (var item : items) {
            if (item.toString().contains(name)) {
              out.add(
                  user + "'s name is still in " + item.get("PK").s() + " / " + item.get("SK").s());
            }
            if (ChaosChecks.is(item, "BOOKING") && user.equals(ChaosChecks.s(item, "userId"))) {
              if (live.contains(ChaosChecks.s(item, "status"))) {
                holdsLive = true;
              } else {
                out.add(
                    user
                        + " asked to be erased but still owns ended booking "
                        + item.get("PK").s());
              }
            }
            if (ChaosChecks.is(item, "ERASURE") && user.equals(ChaosChecks.s(item, "userId"))) {
              erasure = ChaosChecks.s(item, "status");
            }
          }
          String expected = holdsLive ? "REQUESTED" : "ERASED";
          if (!expected.equals(erasure)) {
            out.add(user + "'s erasure is " + erasure + ", not " + expected);
          }
        });
  }
}
