package fairslot.payment.app;

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
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.notification.domain.Notification;
import fairslot.payment.app.PaymentProvider.RefundAttempt;
import fairslot.payment.app.PaymentService.Applied;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** PaymentService and Refunds on the in-memory stores: what each provider event does. */
class PaymentServiceTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 2, 5000, Admission.DIRECT);

  private Booking hold(String user, int quantity) {
    Outcome<Booked> booked =
        world.bookings.book(Book.byMember(user, slot.slotId(), quantity, false, Optional.empty()));
    return ((Booked.Created) done(booked)).booking();
  }

  private Payment pay(Booking booking) {
    return done(world.payments.pay(
            booking.userId(), new Payable.ForBooking(booking.bookingId()), Optional.empty()))
        .payment();
  }

  private Outcome<Applied> event(
      String eventId, Payment p, long minor, PaymentCallback.Outcome outcome) {
    return world.payments.callback(
        new PaymentCallback(
            eventId, p.paymentNo(), p.payable().id(), new Money(minor, "CNY"), outcome));
  }

  private long confirmations(Booking b) {
    return world.outbox().stream()
        .filter(n -> n.kind() == Notification.Kind.BOOKING_CONFIRMED)
        .filter(n -> n.ref().equals(b.bookingId()))
        .count();
  }

  @Test
  void payingTwiceStartsOnePaymentAndAsksTheProviderOnce() {
    Booking booking = hold("u1", 1);

    Payment first = pay(booking);
    Payment again = pay(booking);

    assertThat(again.paymentNo()).isEqualTo(first.paymentNo());
    assertThat(world.provider.charged).hasSize(1);
    assertThat(world.booking(booking.bookingId()).paymentNo()).contains(first.paymentNo());
  }

  @Test
  void payingWithAProviderThatNeedsNoWechatIdentityNeverLooksItUp() {
    Booking booking = hold("u1", 1);

    pay(booking);
    pay(booking);

    assertThat(world.provider.charged).hasSize(1);
    assertThat(world.wechatIdentities.reads).hasValue(0);
  }

  @Test
  void onlyTheMembersOwnRunningHoldCanBePaid() {
    Booking booking = hold("u1", 1);

    assertThat(
            world.payments.pay("u2", new Payable.ForBooking(booking.bookingId()), Optional.empty()))
        .isEqualTo(Outcome.refused(Refusal.NOT_FOUND, "no booking " + booking.bookingId()));
    world.clock.advance(Duration.ofMinutes(11));
    assertThat(
            refusal(
                world.payments.pay(
                    "u1", new Payable.ForBooking(booking.bookingId()), Optional.empty())))
        .isEqualTo(Refusal.HOLD_EXPIRED);
    assertThat(world.provider.charged).isEmpty();
  }

  @Test
  void aSuccessPaysTheBookingAndConfirmsItOnceHoweverOftenItIsReplayed() {
    Booking booking = hold("u1", 1);
    Payment p = pay(booking);

    assertThat(done(event("e1", p, 5000, PaymentCallback.Outcome.SUCCEEDED)))
        .isEqualTo(Applied.APPLIED);
    assertThat(done(event("e1", p, 5000, PaymentCallback.Outcome.SUCCEEDED)))
        .isEqualTo(Applied.DUPLICATE);
    assertThat(done(event("e2", p, 5000, PaymentCallback.Outcome.SUCCEEDED)))
        .isEqualTo(Applied.APPLIED);

    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(confirmations(booking)).isEqualTo(1);
    assertThat(world.current(slot).remaining()).isEqualTo(1);
  }

  @Test
  void aWrongAmountIsRefusedAndBecomesOneFinanceExceptionUnderReplays() {
    Booking booking = hold("u1", 1);
    Payment p = pay(booking);

    Outcome<Applied> wrong = event("e1", p, 1, PaymentCallback.Outcome.SUCCEEDED);

    assertThat(refusal(wrong)).isEqualTo(Refusal.AMOUNT_MISMATCH);
    assertThat(((Outcome.Refused<?>) wrong).extras()).containsEntry("expectedMinor", 5000L);
    Outcome<Applied> replayed = event("e1", p, 1, PaymentCallback.Outcome.SUCCEEDED);
    assertThat(refusal(replayed)).isEqualTo(Refusal.AMOUNT_MISMATCH);
    assertThat(world.paymentStore.exceptions())
        .extracting(FinanceException::kind)
        .containsExactly(FinanceException.Kind.AMOUNT_MISMATCH);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.PENDING);
  }

  @Test
  void aFailedChargeLetsTheMemberPayAgainWithANewPayment() {
    Booking booking = hold("u1", 1);
    Payment first = pay(booking);

    done(event("e1", first, 5000, PaymentCallback.Outcome.FAILED));
    Payment second = pay(booking);

    assertThat(world.payment(first.paymentNo()).status()).isEqualTo(PaymentStatus.FAILED);
    assertThat(second.paymentNo()).isNotEqualTo(first.paymentNo());
    assertThat(world.provider.charged).hasSize(2);
  }

  @Test
  void aSuccessAfterTheHoldExpiredTakesASeatAgainIfOneIsFree() {
    Booking booking = hold("u1", 1);
    Payment p = pay(booking);
    world.clock.advance(Duration.ofMinutes(11));
    assertThat(world.holdSweep.run(10).changed()).isEqualTo(1);
    assertThat(world.current(slot).remaining()).isEqualTo(2);

    done(event("e1", p, 5000, PaymentCallback.Outcome.SUCCEEDED));

    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(world.current(slot).remaining()).isEqualTo(1);
    assertThat(confirmations(booking)).isEqualTo(1);
  }

  @Test
  void aSuccessAfterTheHoldExpiredWithNoSeatLeftIsRefundedNotKept() {
    Booking booking = hold("u1", 1);
    Payment p = pay(booking);
    world.clock.advance(Duration.ofMinutes(11));
    world.holdSweep.run(10);
    hold("u2", 2); // the seats went to someone else
    world.provider.refundAnswer = RefundAttempt.COMPLETED;

    done(event("e1", p, 5000, PaymentCallback.Outcome.SUCCEEDED));
    done(event("e1", p, 5000, PaymentCallback.Outcome.SUCCEEDED));

    assertThat(world.paymentStore.exceptions())
        .extracting(FinanceException::kind)
        .containsExactly(FinanceException.Kind.LATE_PAYMENT_REFUNDED);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.provider.refundAsks).hasSize(1);
    assertThat(world.current(slot).remaining()).isZero();
    assertThat(confirmations(booking)).isZero();
  }

  @Test
  void aRefundTheProviderKeepsRefusingBacksOffThenGoesToStaff() {
    Booking booking = hold("u1", 1);
    Payment p = pay(booking);
    done(event("e1", p, 5000, PaymentCallback.Outcome.SUCCEEDED));
    world.provider.refundAnswer = RefundAttempt.FAILED;

    done(world.staff.refund("desk", booking.bookingId()));
    assertThat(world.current(slot).remaining()).isEqualTo(2);
    for (int hour = 0; hour < 48; hour++) {
      world.clock.advance(Duration.ofHours(1));
      world.refunds.retryDue(10);
    }

    assertThat(world.provider.refundAsks).hasSize(Refunds.MAX_ATTEMPTS);
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.REFUND_FAILED);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.REFUND_FAILED);
    assertThat(world.paymentStore.refundsDue(world.clock.instant(), 10)).isEmpty();
    assertThat(world.paymentStore.exceptions())
        .extracting(FinanceException::kind, FinanceException::bookingId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                FinanceException.Kind.REFUND_FAILED, java.util.Optional.of(booking.bookingId())));
  }

  @Test
  void aRefundConfirmedByTheProvidersWebhookClosesTheBookingAsRefunded() {
    Booking booking = hold("u1", 1);
    Payment p = pay(booking);
    done(event("e1", p, 5000, PaymentCallback.Outcome.SUCCEEDED));

    done(world.staff.refund("desk", booking.bookingId()));
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.REFUNDING);
    done(event("e2", p, 5000, PaymentCallback.Outcome.REFUNDED));
    done(event("e2", p, 5000, PaymentCallback.Outcome.REFUNDED));

    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.booking(booking.bookingId()).status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(world.provider.refundAsks).hasSize(1);
  }

  @Test
  void cashAtTheDeskPaysTheHoldOnceAndARepeatReturnsTheBooking() {
    Booking booking = hold("u1", 1);

    Booking paid = done(world.staff.offlinePayment("desk", booking.bookingId()));
    Booking again = done(world.staff.offlinePayment("desk", booking.bookingId()));

    assertThat(paid.status()).isEqualTo(BookingStatus.PAID);
    assertThat(again.paymentNo()).isEqualTo(paid.paymentNo());
    Payment offline = world.payment(paid.paymentNo().orElseThrow());
    assertThat(offline.provider()).isEqualTo(PaymentProviders.OFFLINE);
    assertThat(offline.status()).isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(confirmations(booking)).isEqualTo(1);
    assertThat(world.provider.charged).isEmpty();
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }
}
