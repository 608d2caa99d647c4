package fairslot.chaos;

import java.util.Map;

/** The front desk in a chaos run: walk-ins on the crowd's slot, some sharing a phone. */
final class ChaosDesk {
  private final ChaosWorld world;
  private final ChaosWorkload work;

  ChaosDesk(ChaosWorld world, ChaosWorkload work) {
    this.world = world;
    this.work = work;
  }

  /** A walk-in booked, paid at the counter and checked in at the desk. */
  Object walkIn(String phone, String slotId) {
    return walkIn(phone, slotId, "desk", "frontdesk");
  }

  /** The same by {@code user}: the global desk, or a desk with a role at this venue only. */
  Object walkIn(String phone, String slotId, String user, String group) {
    Reply r =
        world.call(
            "POST /staff/bookings",
            Map.of(),
            user,
            group,
            "{\"slotId\":\""
                + slotId
                + "\",\"quantity\":1,\"customer\":{\"phone\":\""
                + phone
                + "\",\"name\":\"Walk In\"}}",
            "desk-" + phone);
    if (r.status() == 201) {
      String bookingId = r.text("bookingId");
      work.namedBookings.add(bookingId);
      work.deskBookings.add(bookingId);
      world.call(
          "POST /staff/bookings/{bookingId}/offline-payment",
          Map.of("bookingId", bookingId),
          user,
          group,
          "{}",
          null);
      world.call(
          "POST /staff/bookings/{bookingId}/check-in",
          Map.of("bookingId", bookingId),
          user,
          group,
          "{}",
          null);
    }
    return r;
  }
}
