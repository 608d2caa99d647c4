package fairslot.chaos;

import java.util.Map;
import java.util.Random;

/**
 * Transfers and moves in a chaos run (issue 32): a member books a free seat and gives it to another
 * while the recipient books the same slot themselves; gifts to members at the AUTO_HOLD venue's
 * limit, which the transfer transaction must refuse; holds moved; and paid bookings moved to a
 * cheaper slot, whose difference is refunded as a part of their payment (the money check counts
 * it). Recipients have profiles, written before the faults are on.
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

  /**
   * Books {@code from}, pays it (as the crowd pays: some late, some failing first), then moves it
   * to the cheaper {@code to}; the provider pays the difference back now and then, twice at times.
   */
  Object payAndMoveCheaper(String user, String from, String to, Random random) {
    Reply booked = work.book(user, from, "k-" + user + "-" + from);
    if (booked.status() != 201) {
      return booked;
    }
    String bookingId = booked.text("bookingId");
    new ChaosLocalPayments(world, work, random).pay(user, bookingId);
    Reply moved =
        world.call(
            "POST /bookings/{bookingId}/reschedule",
            Map.of("bookingId", bookingId),
            user,
            "customer",
            "{\"toSlotId\":\"" + to + "\"}",
            null);
    if (random.nextBoolean()) {
      // staff refund part of what it keeps (v1.3), twice, racing the move, the cancel and the jobs
      for (int i = 0; i < 2; i++) {
        world.call(
            "POST /staff/bookings/{bookingId}/refund",
            Map.of("bookingId", bookingId),
            "chaos-desk",
            "frontdesk",
            "{\"amountMinor\":" + (100 + random.nextInt(900)) + "}",
            null);
      }
    }
    if (moved.status() == 200 && random.nextBoolean()) {
      // cancelled while the difference is on its way back: each refund ends on its own
      world.call(
          "POST /bookings/{bookingId}/cancel",
          Map.of("bookingId", bookingId),
          user,
          "customer",
          null,
          null);
    }
    if (moved.status() == 200 && random.nextInt(3) > 0) {
      Reply payments =
          world.call(
              "GET /bookings/{bookingId}/payments",
              Map.of("bookingId", bookingId),
              user,
              "customer",
              null,
              null);
      for (var payment : payments.json().path("items")) {
        for (var refund : payment.path("refunds")) {
          String refundNo = refund.path("refundNo").asText();
          world.provider.reportRefund(refundNo, "REFUNDED");
          if (random.nextInt(3) == 0) {
            world.provider.reportRefund(refundNo, "REFUNDED"); // delivered again
          }
        }
      }
    }
    return moved;
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
