package fairslot.chaos;

import java.util.Map;

/**
 * Transfers in a chaos run (issue 32): a member books a free seat and gives it to another while the
 * recipient books the same slot themselves; and gifts to members at the AUTO_HOLD venue's limit,
 * which the transfer transaction must refuse. Recipients have profiles, written before the faults
 * are on.
 */
final class ChaosBookingShapes {
  private final ChaosWorld world;
  private final ChaosWorkload work;

  ChaosBookingShapes(ChaosWorld world, ChaosWorkload work) {
    this.world = world;
    this.work = work;
  }

  /** A recipient fairslot knows: one with a profile. */
  void member(String userId) {
    world.call(
        "PUT /me/profile", Map.of(), userId, "customer", "{\"name\":\"" + userId + "\"}", null);
  }

  /** The giver books and gives; the recipient books the same slot at the same time. */
  Object giveWhileTheyBook(String giver, String recipient, String slotId) {
    Reply booked = work.book(giver, slotId, "k-" + giver + "-" + slotId);
    if (booked.status() != 201) {
      return booked;
    }
    return give(giver, booked.text("bookingId"), recipient);
  }

  Object give(String giver, String bookingId, String recipient) {
    return world.call(
        "POST /bookings/{bookingId}/transfer",
        Map.of("bookingId", bookingId),
        giver,
        "customer",
        "{\"toUserId\":\"" + recipient + "\"}",
        null);
  }

  /** Books {@code from}, then moves the booking to {@code to}. */
  Object bookAndMove(String user, String from, String to) {
    Reply booked = work.book(user, from, "k-" + user + "-" + from);
    if (booked.status() != 201) {
      return booked;
    }
    return world.call(
        "POST /bookings/{bookingId}/reschedule",
        Map.of("bookingId", booked.text("bookingId")),
        user,
        "customer",
        "{\"toSlotId\":\"" + to + "\"}",
        null);
  }
}
