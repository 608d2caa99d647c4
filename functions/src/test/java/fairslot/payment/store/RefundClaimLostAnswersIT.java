package fairslot.payment.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.aws.Resilient;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.kernel.Change;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.Settlement;
import fairslot.testing.Aws;
import fairslot.testing.ContractFixtures;
import fairslot.testing.Faults;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A refund attempt's claim when the emulator loses half the answers of the writes it applied: the
 * SDK retries, the retry's condition meets the claim already made, and the worker must still know
 * the claim is its own (it used to read "another worker has it", so the refund waited an hour).
 */
class RefundClaimLostAnswersIT {

  @AfterEach
  void faultsOff() {
    Faults.off();
  }

  @Test
  void aRefundClaimWhoseAnswerWasLostIsStillTheWorkersOwn() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("refund-lost");
    DynamoDbCatalogStore catalog = new DynamoDbCatalogStore(dynamo, table);
    DynamoDbBookingStore bookings = new DynamoDbBookingStore(dynamo, table);
    DynamoDbPaymentStore payments = new DynamoDbPaymentStore(dynamo, table);
    ContractFixtures fixtures = new ContractFixtures(catalog, bookings);
    Slot slot = fixtures.slot(ResourceKind.SEATS, 40);
    List<Payment> refunding = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      Booking b = ContractFixtures.booking("u" + i, slot, 1);
      fixtures.place(b);
      Payment p =
          new Payment(
              UUID.randomUUID().toString(),
              b.bookingId(),
              b.userId(),
              b.amount(),
              "scripted",
              PaymentStatus.PENDING,
              0,
              NOW);
      payments.start(b, p, Change.by(b.userId(), NOW, "pay"));
      Booking held = bookings.findBooking(b.bookingId()).orElseThrow();
      payments.settle(
          new Settlement.MarkPaid(
              "paid:" + p.paymentNo(), p, held, Change.by("provider", NOW, "paid")));
      bookings.release(
          bookings.findBooking(b.bookingId()).orElseThrow(),
          BookingStatus.REFUNDING,
          Change.by("desk", NOW, "refund"));
      refunding.add(payments.findPayment(p.paymentNo()).orElseThrow());
    }
    Instant next = NOW.plus(Duration.ofHours(1));

    long lostBefore = Faults.injected().getOrDefault("lost_response", 0L);
    Faults.on("lost_response=0.5,seed=23");
    for (Payment p : refunding) {
      assertThat(payments.scheduleRefund(p, 1, next)).as("claim of " + p.paymentNo()).isTrue();
    }
    assertThat(Faults.injected().getOrDefault("lost_response", 0L) - lostBefore)
        .as("answers lost")
        .isGreaterThan(5L);
    Faults.off();

    for (Payment p : refunding) {
      assertThat(payments.findPayment(p.paymentNo()).orElseThrow().refundAttempts()).isEqualTo(1);
      // Another worker, from the same read, finds the attempt taken.
      assertThat(payments.scheduleRefund(p, 1, next)).isFalse();
    }
  }
}
