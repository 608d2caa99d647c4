package fairslot.finance.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.FinanceException.Resolution;
import fairslot.money.domain.FinanceException.Status;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentProvider.RefundAttempt;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** FinanceService on the in-memory stores: restarting failed refunds and resolving exceptions. */
class FinanceServiceTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 2, 5000, Admission.DIRECT);
  private Booking booking;
  private Payment payment;

  /** A paid booking whose refund the provider refused every time: REFUND_FAILED. */
  @BeforeEach
  void aRefundThatFailed() {
    Outcome<Booked> booked =
        world.bookings.book(Book.byMember("u1", slot.slotId(), 1, false, Optional.empty()));
    booking = ((Booked.Created) done(booked)).booking();
    payment =
        done(world.payments.pay(
                "u1", new Payable.ForBooking(booking.bookingId()), Optional.empty()))
            .payment();
    done(
        world.payments.callback(
            new PaymentCallback(
                "e1",
                payment.paymentNo(),
                booking.bookingId(),
                new Money(5000, "CNY"),
                PaymentCallback.Outcome.SUCCEEDED)));
    world.provider.refundAnswer = RefundAttempt.FAILED;
    done(world.staff.refund("desk", booking.bookingId()));
    giveUp();
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.REFUND_FAILED);
  }

  private void giveUp() {
    for (int hour = 0; hour < 48; hour++) {
      world.clock.advance(Duration.ofHours(1));
      world.refunds.retryDue(10);
    }
  }

  private FinanceException open() {
    return world
        .finance
        .list(Optional.of(slot.venueId()), Status.OPEN, new PageRequest(50, Optional.empty()))
        .items()
        .get(0);
  }

  @Test
  void aRetriedRefundStartsAgainAndItsSecondFailureIsANewException() {
    FinanceException first = open();

    FinanceException retried = done(world.finance.retryRefund(first.exceptionId(), "fin"));
    FinanceException again = done(world.finance.retryRefund(first.exceptionId(), "fin"));
    giveUp();

    assertThat(retried.resolution()).contains(Resolution.REFUND_RETRIED);
    assertThat(again).isEqualTo(retried);
    assertThat(world.payment(payment.paymentNo()).refundRound()).isEqualTo(1);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.REFUND_FAILED);
    assertThat(open().exceptionId()).isNotEqualTo(first.exceptionId());
  }

  @Test
  void aRetriedRefundThatGoesThroughClosesTheBookingAsRefunded() {
    world.provider.refundAnswer = RefundAttempt.COMPLETED;

    done(world.finance.retryRefund(open().exceptionId(), "fin"));

    assertThat(world.payment(payment.paymentNo()).status()).isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.REFUNDED);
  }

  @Test
  void refundedOfflineClosesPaymentAndBookingAndTheFirstResolutionStands() {
    String id = open().exceptionId();

    FinanceException resolved =
        done(world.finance.resolve(id, Resolution.REFUNDED_OFFLINE, "cash", "fin"));
    FinanceException twice =
        done(world.finance.resolve(id, Resolution.WRITTEN_OFF, "other", "fin2"));
    Outcome<FinanceException> retry = world.finance.retryRefund(id, "fin");

    assertThat(resolved.status()).isEqualTo(Status.RESOLVED);
    assertThat(twice).isEqualTo(resolved);
    assertThat(world.payment(payment.paymentNo()).status()).isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(((Outcome.Refused<?>) retry).refusal()).isEqualTo(Refusal.INVALID_TRANSITION);
  }

  @Test
  void writtenOffLeavesTheMoneyWhereItIs() {
    done(world.finance.resolve(open().exceptionId(), Resolution.WRITTEN_OFF, "gone", "fin"));

    assertThat(world.payment(payment.paymentNo()).status()).isEqualTo(PaymentStatus.REFUND_FAILED);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.REFUND_FAILED);
    assertThat(
            world
                .finance
                .list(Optional.empty(), Status.OPEN, new PageRequest(50, Optional.empty()))
                .items())
        .isEmpty();
  }
}
