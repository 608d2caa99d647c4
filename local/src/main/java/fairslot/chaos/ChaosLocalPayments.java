package fairslot.chaos;

import java.util.Map;
import java.util.Random;

/**
 * A payer of the chaos run who pays through the local provider: most are paid, some only after
 * their hold lapsed, some fail and then succeed (the money kept or refunded, finance told), some
 * successes are delivered twice or followed by a failure out of order.
 */
final class ChaosLocalPayments {
  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;

  ChaosLocalPayments(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  void pay(String user, String bookingId) {
    Reply paid =
        world.call(
            "POST /bookings/{bookingId}/pay",
            Map.of("bookingId", bookingId),
            user,
            "customer",
            "{}",
            null);
    String paymentNo = paid.text("paymentNo");
    if (paid.status() != 200 || paymentNo == null) {
      return; // no payment started: nothing for the provider to report
    } else if (random.nextInt(4) == 0) {
      work.latePayments.put(
          paymentNo, bookingId); // the provider answers only after the hold lapsed
    } else if (random.nextInt(7) == 0) {
      // A success after a failure: the money is kept or refunded, and finance is told.
      world.provider.report(paymentNo, "FAILED");
      work.succeeded.put(paymentNo, bookingId);
      world.provider.report(paymentNo, "SUCCEEDED");
    } else {
      work.succeeded.put(paymentNo, bookingId);
      world.provider.report(paymentNo, "SUCCEEDED");
      if (random.nextInt(3) == 0) {
        work.replayWebhook(paymentNo); // a duplicate delivery
      }
      if (random.nextInt(6) == 0) {
        world.provider.report(paymentNo, "FAILED"); // out of order: a failure after the success
      }
    }
  }
}
