package fairslot.chaos;

import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Members paying through WeChat Pay in the chaos run: link WeChat, open the JSAPI order, and the
 * payer pays at the fake with its notification delivered, lost (the payments-reconcile job must
 * find it), replayed byte for byte, or paid only after the hold lapsed.
 */
final class ChaosWechatPayments {
  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;

  ChaosWechatPayments(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  /** A Stripe payer: the intent's card succeeds, its event delivered, lost or replayed. */
  Object payWithStripe(String user, String bookingId) {
    Reply paid =
        world.call(
            "POST /bookings/{bookingId}/pay",
            Map.of("bookingId", bookingId),
            user,
            "customer",
            "{\"provider\":\"stripe\"}",
            null);
    String paymentNo = paid.text("paymentNo");
    String intent = paid.json().path("client").path("paymentIntentId").asText("");
    if (paid.status() != 200 || paymentNo == null || intent.isEmpty()) {
      return paid;
    }
    if (random.nextInt(4) == 0) {
      work.lateStripe.put(intent, new String[] {paymentNo, bookingId});
      return paid;
    }
    boolean notify = random.nextInt(4) != 0;
    if (random.nextInt(3) == 0) {
      // a card declined first (API.md v1.3): the payment stays open and the next card pays it
      world.wechat.stripeFake.decline(intent, "card_declined", "insufficient_funds", notify);
    }
    if (world.wechat.stripeFake.settleIntent(intent, true, notify)) {
      work.succeeded.put(paymentNo, bookingId);
      if (random.nextInt(3) == 0) {
        dispute(intent, bookingId);
      }
    }
    if (notify && random.nextInt(3) == 0) {
      for (Map<String, Object> e : world.wechat.stripeFake.events()) {
        if (intent.equals(e.get("objectId"))) {
          @SuppressWarnings("unchecked")
          Map<String, String> headers = (Map<String, String>) e.get("headers");
          world.providerNotify(
              "POST /payments/stripe/webhook", headers, String.valueOf(e.get("body")));
        }
      }
    }
    return paid;
  }

  /**
   * The payer's bank disputes the charge (API.md v1.3), and decides for the venue, for the payer,
   * or not yet; Stripe's events reach the webhook (retried on 503, as Stripe retries).
   */
  private void dispute(String intent, String bookingId) {
    var bank = world.wechat.stripeFake.disputes();
    bank.open(intent, random.nextBoolean() ? "fraudulent" : "product_not_received", true)
        .ifPresent(
            id -> {
              String decided = List.of("open", "won", "lost").get(random.nextInt(3));
              if (!decided.equals("open")) {
                bank.close(id, decided, true);
              }
              work.disputes.put(id, new String[] {bookingId, decided});
            });
  }

  /**
   * Paid only if the intent is still open: the reconcile job may have cancelled it first, and then
   * no money was taken (counting it would report money lost that never moved).
   */
  Object payStripeLate(String intent, String[] paymentAndBooking) {
    boolean paid = world.wechat.stripeFake.settleIntent(intent, true, random.nextBoolean());
    if (paid) {
      work.succeeded.put(paymentAndBooking[0], paymentAndBooking[1]);
    }
    return paid;
  }

  Object pay(String user, String bookingId) {
    world.call("PUT /me/wechat", Map.of(), user, "customer", "{\"code\":\"" + user + "\"}", null);
    Reply paid =
        world.call(
            "POST /bookings/{bookingId}/pay",
            Map.of("bookingId", bookingId),
            user,
            "customer",
            "{\"provider\":\"wechatpay\"}",
            null);
    String paymentNo = paid.text("paymentNo");
    if (paid.status() != 200 || paymentNo == null) {
      return paid; // not linked, or the order did not open: nothing paid
    }
    if (random.nextInt(4) == 0) {
      work.lateWechat.put(paymentNo, bookingId);
      return paid;
    }
    boolean notify = random.nextInt(4) != 0; // a quarter of the notifications are lost
    // a quarter pay with a merchant coupon (API.md v1.3): the payer pays less, the order is paid
    long coupon = random.nextInt(4) == 0 ? 1 + random.nextInt(99) : 0;
    if (random.nextInt(10) == 0) {
      world.wechat.fake.failNextRefund("NOT_ENOUGH"); // some refund meets a short balance
    }
    if (world.wechat.fake.pay(paymentNo, notify, coupon)) {
      work.succeeded.put(paymentNo, bookingId);
    }
    if (notify && random.nextInt(3) == 0) {
      replay(paymentNo); // WeChat delivers it again
    }
    return paid;
  }

  /**
   * Paid only if the order is still open: the reconcile job may have closed it first (as WeChat
   * does, a closed order takes no payment), and then no money moved.
   */
  Object payLate(String paymentNo, String bookingId) {
    boolean paid = world.wechat.fake.pay(paymentNo, random.nextBoolean());
    if (paid) {
      work.succeeded.put(paymentNo, bookingId);
    }
    return paid;
  }

  /** The last notification the fake sent for this order, delivered again byte for byte. */
  private void replay(String paymentNo) {
    List<Map<String, Object>> sent = world.wechat.fake.notifications();
    for (int i = sent.size() - 1; i >= 0; i--) {
      String body = String.valueOf(sent.get(i).get("body"));
      @SuppressWarnings("unchecked")
      Map<String, String> headers = (Map<String, String>) sent.get(i).get("headers");
      if (paymentNo.equals(sent.get(i).get("outTradeNo"))) {
        world.wechatNotify(headers, body);
        return;
      }
    }
  }
}
