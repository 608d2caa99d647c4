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
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A paid booking moved to a cheaper slot of its venue is refunded the difference as a part of its
 * payment (in-memory stores): the part is refunded by the refund job and settled by the provider's
 * report naming it, goes to finance by its own number when the provider keeps refusing, and a later
 * cancel refunds only what the booking costs now.
 */
class RefundPartsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot from = world.slot(ResourceKind.SEATS, 10, 5000, Admission.DIRECT);
  private final Slot cheaper =
      world.slotOf(
          world.catalogStore.findResource(from.resourceId()).orElseThrow(),
          from.interval().start().plus(Duration.ofHours(3)),
          3800);

  private Booking paid(String user) {
    Booking b =
        ((Booked.Created)
                done(
                    world.bookings.book(
                        Book.byMember(user, from.slotId(), 1, false, Optional.empty()))))
            .booking();
    Payment p =
        done(world.payments.pay(user, new Payable.ForBooking(b.bookingId()), Optional.empty()))
            .payment();
    done(
        world.payments.callback(
            new PaymentCallback(
                "paid-" + p.paymentNo(),
                p.paymentNo(),
                b.bookingId(),
                p.amount(),
                PaymentCallback.Outcome.SUCCEEDED)));
    return world.booking(b.bookingId());
  }

  private Payment moved(Booking b) {
    done(
        world.bookings.reschedule(
            b.userId(), false, b.bookingId(), Optional.empty(), cheaper.slotId()));
    return world.paymentStore.findPart(b.paymentNo().orElseThrow(), 1).orElseThrow();
  }

  private PaymentCallback refunded(Payment part, String eventId) {
    return new PaymentCallback(
        eventId,
        part.paymentNo(),
        part.payable(),
        part.refund(),
        PaymentCallback.Outcome.REFUNDED,
        "",
        Optional.of(part.refundNo()));
  }

  @Test
  void theDifferenceIsAskedOfTheProviderAtOnceUnderThePartsOwnNumber() {
    Booking b = paid("u1");

    Payment part = moved(b);

    assertThat(part.refund()).isEqualTo(new Money(1200, "CNY"));
    assertThat(part.status()).isEqualTo(PaymentStatus.REFUNDING);
    assertThat(world.provider.refundAsks).containsExactly(part.withRefund(part.status(), 1));
    assertThat(world.booking(b.bookingId()).amount()).isEqualTo(new Money(3800, "CNY"));
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);
  }

  @Test
  void theProvidersReportNamingThePartSettlesItOnceAndLeavesThePaymentSucceeded() {
    Booking b = paid("u1");
    Payment part = moved(b);

    var first = world.payments.callback(refunded(part, "re-1"));
    var again = world.payments.callback(refunded(part, "re-1"));

    assertThat(done(first)).isEqualTo(PaymentService.Applied.APPLIED);
    assertThat(done(again)).isEqualTo(PaymentService.Applied.DUPLICATE);
    assertThat(world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.paymentStore.findPayment(part.paymentNo()).orElseThrow().status())
        .isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);
  }

  @Test
  void aRefundEventWithoutThePartsNumberIsNotTakenForIt() {
    Booking b = paid("u1");
    Payment part = moved(b);

    // the payment's own refund was never asked for: finance is told, nothing moves, whether the
    // event reports the part's amount (not what the payment's own refund would be) or the whole
    world.payments.callback(
        new PaymentCallback(
            "re-own",
            part.paymentNo(),
            b.bookingId(),
            part.refund(),
            PaymentCallback.Outcome.REFUNDED));
    world.payments.callback(
        new PaymentCallback(
            "re-whole",
            part.paymentNo(),
            b.bookingId(),
            part.amount(),
            PaymentCallback.Outcome.REFUNDED));

    assertThat(world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUNDING);
    assertThat(world.paymentStore.findPayment(part.paymentNo()).orElseThrow().status())
        .isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(world.paymentStore.exceptions())
        .extracting(FinanceException::kind)
        .containsExactlyInAnyOrder(
            FinanceException.Kind.AMOUNT_MISMATCH, FinanceException.Kind.OUTCOME_NOT_APPLIED);
  }

  @Test
  void aRefundNumberOfAnotherPaymentsPartIsNoPartOfThisOne() {
    Booking mine = paid("u1");
    Booking theirs = paid("u2");
    Payment part = moved(theirs);

    var refused =
        world.payments.callback(
            new PaymentCallback(
                "re-cross",
                mine.paymentNo().orElseThrow(),
                new Payable.ForBooking(mine.bookingId()),
                part.refund(),
                PaymentCallback.Outcome.REFUNDED,
                "",
                Optional.of(part.refundNo())));

    assertThat(refused).isInstanceOf(fairslot.kernel.Outcome.Refused.class);
    assertThat(world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUNDING);
    assertThat(world.paymentStore.exceptions())
        .extracting(FinanceException::kind)
        .containsExactly(FinanceException.Kind.UNKNOWN_PAYMENT);
  }

  @Test
  void aPartTheProviderKeepsRefusingGoesToFinanceByItsNumberAndIsRetriedThere() {
    world.provider.refundAnswer = PaymentProvider.RefundAttempt.FAILED;
    Booking b = paid("u1");
    Payment part = moved(b);
    for (int i = 0; i < Refunds.MAX_ATTEMPTS + 2; i++) {
      world.clock.advance(Duration.ofHours(2));
      world.refunds.retryDue(10);
    }

    FinanceException e =
        world.paymentStore.exceptions().stream()
            .filter(x -> x.kind() == FinanceException.Kind.REFUND_FAILED)
            .findFirst()
            .orElseThrow();
    assertThat(e.refundNo()).contains(part.refundNo());
    assertThat(e.amount()).isEqualTo(new Money(1200, "CNY"));
    assertThat(world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUND_FAILED);
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);

    world.provider.refundAnswer = PaymentProvider.RefundAttempt.ACCEPTED;
    done(world.finance.retryRefund(e.exceptionId(), "fin-1"));

    Payment retried = world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow();
    assertThat(retried.status()).isEqualTo(PaymentStatus.REFUNDING);
    assertThat(retried.refund()).isEqualTo(new Money(1200, "CNY"));
    assertThat(world.paymentStore.findPayment(part.paymentNo()).orElseThrow().status())
        .isEqualTo(PaymentStatus.SUCCEEDED);
  }

  @Test
  void aLaterCancelRefundsOnlyWhatTheBookingCostsNow() {
    Booking b = paid("u1");
    Payment part = moved(b);

    Booking cancelled = done(world.bookings.cancel("u1", b.bookingId()));

    assertThat(cancelled.status()).isEqualTo(BookingStatus.REFUNDING);
    assertThat(cancelled.owedBack()).isEqualTo(new Money(3800, "CNY"));
    Payment own = world.paymentStore.findPayment(part.paymentNo()).orElseThrow();
    assertThat(own.refund().minor() + part.refund().minor()).isEqualTo(5000);
    assertThat(own.refundNo()).isEqualTo("R" + part.paymentNo());
  }

  @Test
  void theStatementCheckMatchesThePartByItsNumberAndMissesItWhenTheLineIsAbsent() {
    Booking b = paid("u1");
    Payment part = moved(b);
    done(world.payments.callback(refunded(part, "re-1")));
    Payment p = world.paymentStore.findPayment(part.paymentNo()).orElseThrow();
    LocalDate today = LocalDate.ofInstant(MemoryWorld.START, ZoneOffset.UTC);
    List<StatementLine> lines =
        new java.util.ArrayList<>(
            List.of(
                new StatementLine(StatementLine.Kind.PAYMENT, p.paymentNo(), p.amount(), ""),
                new StatementLine(StatementLine.Kind.REFUND, part.refundNo(), part.refund(), "")));
    var statements =
        new fairslot.memory.NamedProvider("scripted") {
          @Override
          public Optional<List<StatementLine>> statement(LocalDate day) {
            return Optional.of(day.equals(today) ? lines : List.of());
          }
        };
    var check =
        new StatementReconciliation(
            world.paymentStore, new PaymentProviders(List.of(statements)), world.clock);

    var matched = done(check.reconcile("scripted", today));
    lines.remove(1);
    var missing = done(check.reconcile("scripted", today));

    assertThat(matched.matched()).isEqualTo(2);
    assertThat(matched.exceptions()).isZero();
    assertThat(missing.exceptions()).isEqualTo(1);
    assertThat(world.paymentStore.exceptions())
        .extracting(e -> e.kind() + " " + e.amount().minor())
        .containsExactly("STATEMENT_MISMATCH 1200");
  }
}
