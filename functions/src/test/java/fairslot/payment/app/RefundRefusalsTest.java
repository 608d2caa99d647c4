package fairslot.payment.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.PaymentStatus;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A refund the provider refuses (API.md v1.3, WeChat Pay's refund errors): refused for now, it is
 * asked for again under the same number for as long as it takes, and finance hears of it once after
 * a day; refused for good, it goes to staff at once with the provider's code.
 */
class RefundRefusalsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 2, 5000, Admission.DIRECT);

  private Booking paidBooking() {
    return world.booking(world.paidOnline("u1", slot).payable().id());
  }

  private List<FinanceException.Kind> exceptionKinds() {
    return world.paymentStore.exceptions().stream().map(FinanceException::kind).toList();
  }

  @Test
  void
      aRefundRefusedForNowIsAskedAgainUnderOneNumberPastTheLastAttemptAndFinanceHearsOnceAfterADay() {
    Booking b = paidBooking();
    world.provider.refundAnswer = new PaymentProvider.RefundAttempt.RetryLater("NOT_ENOUGH");
    done(world.staff.refund("desk", b.bookingId()));
    String paymentNo = world.booking(b.bookingId()).paymentNo().orElseThrow();

    for (int minute = 0; minute < 23 * 60; minute += 10) {
      world.clock.advance(Duration.ofMinutes(10));
      world.refunds.retryDue(10);
    }
    assertThat(world.provider.refundAsks.size()).isGreaterThan(Refunds.MAX_ATTEMPTS);
    assertThat(world.payment(paymentNo).status()).isEqualTo(PaymentStatus.REFUNDING);
    assertThat(exceptionKinds()).as("less than a day: nothing yet").isEmpty();

    for (int minute = 0; minute < 3 * 60; minute += 10) {
      world.clock.advance(Duration.ofMinutes(10));
      world.refunds.retryDue(10);
    }
    assertThat(exceptionKinds()).containsExactly(FinanceException.Kind.REFUND_DELAYED);
    assertThat(world.paymentStore.exceptions().get(0).providerCode()).contains("NOT_ENOUGH");
    assertThat(world.provider.refundAsks)
        .as("one refund number, every time")
        .allMatch(asked -> asked.refundNo().equals(world.provider.refundAsks.get(0).refundNo()));

    world.provider.refundAnswer =
        PaymentProvider.RefundAttempt.COMPLETED; // the balance is topped up
    world.clock.advance(Duration.ofHours(1));
    world.refunds.retryDue(10);
    assertThat(world.payment(paymentNo).status()).isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(exceptionKinds()).containsExactly(FinanceException.Kind.REFUND_DELAYED);
  }

  @Test
  void aRefundRefusedForGoodGoesToStaffAtOnceWithTheProvidersCode() {
    Booking b = paidBooking();
    world.provider.refundAnswer = new PaymentProvider.RefundAttempt.Refused("PARAM_ERROR");

    done(world.staff.refund("desk", b.bookingId()));
    world.clock.advance(Duration.ofHours(2));
    world.refunds.retryDue(10);

    String paymentNo = world.booking(b.bookingId()).paymentNo().orElseThrow();
    assertThat(world.provider.refundAsks).hasSize(1);
    assertThat(world.payment(paymentNo).status()).isEqualTo(PaymentStatus.REFUND_FAILED);
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.REFUND_FAILED);
    assertThat(exceptionKinds()).containsExactly(FinanceException.Kind.REFUND_FAILED);
    assertThat(world.paymentStore.exceptions().get(0).providerCode()).contains("PARAM_ERROR");
  }
}
