package fairslot.chaos;

import java.util.Map;

/**
 * Free bookings in a chaos run (issue 28): PAID with no payment, released by the member, by the
 * desk's refund, or by the admin's slot cancel, all racing the rest of the wave.
 */
final class ChaosFreeBookings {
  private final ChaosWorld world;
  private final ChaosWorkload work;

  ChaosFreeBookings(ChaosWorld world, ChaosWorkload work) {
    this.world = world;
    this.work = work;
  }

  /** {@code how}: 0 the member cancels, 1 the desk refunds, 2 it is kept (or slot-cancelled). */
  Object bookAndRelease(String user, String slotId, int how) {
    Reply booked = work.book(user, slotId, "k-" + user + "-" + slotId);
    if (booked.status() != 201 || how == 2) {
      return booked;
    }
    Map<String, String> path = Map.of("bookingId", booked.text("bookingId"));
    return how == 0
        ? world.call("POST /bookings/{bookingId}/cancel", path, user, "customer", "{}", null)
        : world.call(
            "POST /staff/bookings/{bookingId}/refund", path, "desk", "frontdesk", "{}", null);
  }

  Object cancelSlot(String slotId, int pauseMillis) {
    ChaosThreads.pause(pauseMillis);
    return world.call(
        "POST /slots/{slotId}/cancel", Map.of("slotId", slotId), "admin", "admin", "{}", null);
  }
}
