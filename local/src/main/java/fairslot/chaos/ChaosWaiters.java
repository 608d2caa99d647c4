package fairslot.chaos;

import java.util.Map;
import java.util.Random;

/**
 * Waiters in a chaos run: a member who finds a slot sold out joins its line, and takes or turns
 * down the offer that comes.
 */
final class ChaosWaiters {
  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;

  ChaosWaiters(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  Object bookOrWait(String user, String slotId) {
    Reply booked = work.book(user, slotId, "k-" + user);
    if (booked.status() == 409 && "sold_out".equals(booked.text("code"))) {
      return world.call(
          "POST /slots/{slotId}/waitlist",
          Map.of("slotId", slotId),
          user,
          "customer",
          "{}",
          "j-" + user);
    }
    if (booked.status() == 201 && random.nextInt(3) == 0) {
      world.call(
          "POST /bookings/{bookingId}/cancel",
          Map.of("bookingId", booked.text("bookingId")),
          user,
          "customer",
          "{}",
          null);
    }
    return booked;
  }

  Object acceptOrDecline(String user, String slotId) {
    Reply me =
        world.call(
            "GET /slots/{slotId}/waitlist/me",
            Map.of("slotId", slotId),
            user,
            "customer",
            null,
            null);
    if (me.status() != 200 || !"OFFERED".equals(me.text("status"))) {
      return me;
    }
    String entryId = me.text("entryId");
    if (random.nextInt(4) == 0) {
      return world.call(
          "POST /waitlist/{entryId}/decline",
          Map.of("entryId", entryId),
          user,
          "customer",
          "{}",
          null);
    }
    Reply accepted =
        world.call(
            "POST /waitlist/{entryId}/accept",
            Map.of("entryId", entryId),
            user,
            "customer",
            "{}",
            "acc-" + entryId);
    if (accepted.status() == 201) {
      work.namedBookings.add(accepted.text("bookingId"));
    }
    return accepted;
  }
}
