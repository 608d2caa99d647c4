package fairslot.chaos;

import java.util.Map;
import java.util.Random;

/**
 * One member of the crowd on the DIRECT slot: books (with a key or without), pays with one of the
 * providers or not at all, and perhaps cancels.
 */
final class ChaosCrowd {
  private final ChaosWorld world;
  private final ChaosWorkload workload;
  private final Random random;

  ChaosCrowd(ChaosWorld world, ChaosWorkload workload, Random random) {
    this.world = world;
    this.workload = workload;
    this.random = random;
  }

  /** A booking of a QUEUED slot: its request, if the answer was 202. */
  Object queued(String user, String slotId) {
    Reply r = workload.book(user, slotId, "k-" + user);
    if (r.status() == 202) {
      workload.queuedRequests.add(r.text("requestId"));
    }
    return r;
  }

  Object member(String user, String slotId, String key, boolean pay, boolean cancel) {
    Reply booked = workload.book(user, slotId, key);
    if (booked.status() != 201) {
      return booked;
    }
    String bookingId = booked.text("bookingId");
    int provider = random.nextInt(4);
    if (pay && provider < 2) { // half the payers pay through WeChat Pay, a quarter with Stripe
      new ChaosWechatPayments(world, workload, random).pay(user, bookingId);
    } else if (pay && provider == 2) {
      new ChaosWechatPayments(world, workload, random).payWithStripe(user, bookingId);
    } else if (pay) {
      new ChaosLocalPayments(world, workload, random).pay(user, bookingId);
    }
    if (cancel) {
      world.call(
          "POST /bookings/{bookingId}/cancel",
          Map.of("bookingId", bookingId),
          user,
          "customer",
          "{}",
          null);
    }
    return booked;
  }
}
