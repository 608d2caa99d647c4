package fairslot.handler.payment;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A payment success arriving just as the hold lapses, while the sweep runs and another member wants
 * the only seat. Whatever the interleaving: the payer ends PAID, or EXPIRED with the money being
 * refunded; never both, never neither; and the one seat is sold at most once.
 */
class PaymentRaceIT {
  private static final int ROUNDS = 25;
  private final ApiDriver api = new ApiDriver("payrace");

  @Test
  void sweepWebhookAndRivalBookingRacingEndInExactlyOneOutcome() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    int paid = 0;
    int refunded = 0;
    try {
      for (int round = 0; round < ROUNDS; round++) {
        api.clock.set(ApiDriver.START.plus(Duration.ofDays(round)));
        String slotId = api.openSlot("EXCLUSIVE", 1, 5000);
        String payer = "payer-" + round;
        String rival = "rival-" + round;
        String bookingId = api.book(payer, slotId, 1).text("bookingId");
        String paymentNo = api.pay(payer, bookingId).text("paymentNo");
        api.clock.advance(Duration.ofMinutes(15)); // the hold's deadline is now

        // Stagger the starts a few ms differently each round so every interleaving occurs.
        long webhookLag = (round % 4) * 8L;
        long rivalLag = ((round + 2) % 4) * 8L;
        race(
            pool,
            () -> new ScheduledJobHandler(api.wiring).run("sweep-holds"),
            () -> after(webhookLag, () -> api.provider.report(paymentNo, "SUCCEEDED")),
            () -> after(rivalLag, () -> api.book(rival, slotId, 1)));

        String bookingStatus = stored("BOOKING#" + bookingId, "BOOKING");
        String paymentStatus = stored("PAYMENT#" + paymentNo, "PAYMENT");
        boolean payerPaid = bookingStatus.equals("PAID") && paymentStatus.equals("SUCCEEDED");
        boolean payerRefunded =
            bookingStatus.equals("EXPIRED") && paymentStatus.equals("REFUNDING");
        assertThat(payerPaid ^ payerRefunded)
            .as("round %d: booking %s, payment %s", round, bookingStatus, paymentStatus)
            .isTrue();
        var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
        assertThat(ledger.activeBookings()).as("round %d", round).isLessThanOrEqualTo(1);
        assertThat(ledger.balances()).as("round %d: %s", round, ledger).isTrue();
        if (payerPaid) {
          paid++;
        } else {
          refunded++;
          assertThat(ledger.activeBookings()).as("the seat went to the rival").isEqualTo(1);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    System.out.printf(
        "payment race: %d rounds, payer PAID %d, payer refunded %d%n", ROUNDS, paid, refunded);
    assertThat(paid + refunded).isEqualTo(ROUNDS);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private static <T> T after(long millis, Callable<T> call) throws Exception {
    Thread.sleep(millis);
    return call.call();
  }

  private String stored(String pk, String sk) {
    return Aws.dynamo()
        .getItem(
            r ->
                r.tableName(api.table)
                    .consistentRead(true)
                    .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))))
        .item()
        .get("status")
        .s();
  }

  @SafeVarargs
  private static void race(ExecutorService pool, Callable<?>... calls) throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> futures =
        IntStream.range(0, calls.length)
            .<Future<?>>mapToObj(
                i ->
                    pool.submit(
                        () -> {
                          go.await();
                          return calls[i].call();
                        }))
            .toList();
    go.countDown();
    for (Future<?> f : futures) {
      f.get();
    }
  }
}
