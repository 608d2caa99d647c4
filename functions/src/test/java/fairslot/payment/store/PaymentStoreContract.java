package fairslot.payment.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentStore;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.payment.app.PaymentStore.StartResult;
import fairslot.payment.app.Settlement;
import fairslot.testing.ContractFixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every PaymentStore must do, through the ports alone: on the in-memory fake
 * (MemoryPaymentStoreTest) and on the DynamoDB adapter against the emulator
 * (DynamoDbPaymentStoreIT).
 */
public abstract class PaymentStoreContract {

  protected record Stores(CatalogStore catalog, BookingStore bookings, PaymentStore payments) {}

  protected abstract Stores fresh();

  private CatalogStore catalog;
  private BookingStore bookings;
  private PaymentStore payments;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    catalog = stores.catalog();
    bookings = stores.bookings();
    payments = stores.payments();
    fixtures = new ContractFixtures(catalog, bookings);
  }

  private Booking held(Slot slot, String user) {
    Booking b = ContractFixtures.booking(user, slot, 1);
    fixtures.place(b);
    return b;
  }

  private static Payment pending(Booking b) {
    return new Payment(
        UUID.randomUUID().toString(),
        b.bookingId(),
        b.userId(),
        b.amount(),
        "scripted",
        PaymentStatus.PENDING,
        0,
        NOW);
  }

  private Booking now(Booking b) {
    return bookings.findBooking(b.bookingId()).orElseThrow();
  }

  private Payment now(Payment p) {
    return payments.findPayment(p.paymentNo()).orElseThrow();
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  /** A held booking, paid through {@code p}: the state every refund case starts from. */
  private Booking paid(Slot slot, String user, Payment[] out) {
    Booking b = held(slot, user);
    Payment p = pending(b);
    payments.start(b, p, by(user));
    payments.settle(new Settlement.MarkPaid("paid:" + p.paymentNo(), p, now(b), by("provider")));
    out[0] = now(p);
    return now(b);
  }

  @Test
  void aHoldGetsOnePaymentAndASecondStartNamesTheFirst() {
    Booking b = held(fixtures.slot(ResourceKind.SEATS, 2), "u1");
    Payment first = pending(b);

    StartResult started = payments.start(b, first, by("u1"));
    StartResult again = payments.start(b, pending(b), by("u1"));

    assertThat(started).isEqualTo(new StartResult.Started(first));
    assertThat(again).isEqualTo(new StartResult.AlreadyStarted(first.paymentNo()));
    assertThat(now(b).paymentNo()).contains(first.paymentNo());
    assertThat(now(first).status()).isEqualTo(PaymentStatus.PENDING);
  }

  @Test
  void aDeclineIsKeptOnTheOpenPaymentTheLaterOneWinsAndASettledPaymentKeepsNone() {
    Booking b = held(fixtures.slot(ResourceKind.SEATS, 2), "u1");
    Payment p = pending(b);
    payments.start(b, p, by("u1"));
    var first =
        new fairslot.money.domain.Decline(
            "card_declined", java.util.Optional.of("insufficient_funds"), "Declined", NOW);
    var later =
        new fairslot.money.domain.Decline(
            "expired_card", java.util.Optional.empty(), "Expired", NOW.plusSeconds(5));

    assertThat(payments.noteDecline(p.paymentNo(), later)).isTrue();
    assertThat(payments.noteDecline(p.paymentNo(), first)).as("older: kept out").isFalse();
    assertThat(payments.paymentsOf(b.bookingId()).get(0).lastError()).contains(later);
    assertThat(now(p).status()).as("still open").isEqualTo(PaymentStatus.PENDING);

    payments.settle(new Settlement.MarkPaid("paid:" + p.paymentNo(), p, now(b), by("provider")));
    var afterPaid =
        new fairslot.money.domain.Decline(
            "card_declined", java.util.Optional.empty(), "late", NOW.plusSeconds(9));
    assertThat(payments.noteDecline(p.paymentNo(), afterPaid)).isFalse();
    assertThat(payments.noteDecline("no-such-payment", afterPaid)).isFalse();
    assertThat(now(p).status()).isEqualTo(PaymentStatus.SUCCEEDED);
  }

  @Test
  void aLostDisputeIsWrittenOnceAndMarksThePaidBookingOneVersionOnKeepingItsStatus() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    var lost =
        fairslot.money.domain.FinanceException.open(
            fairslot.money.domain.FinanceException.Kind.DISPUTE_LOST,
            "dispute:dp_1:lost",
            java.util.Optional.of(b.slot().venueId()),
            java.util.Optional.of(b.bookingId()),
            java.util.Optional.of(p[0].paymentNo()),
            b.amount(),
            NOW);

    assertThat(payments.dispute("dispute:dp_1:lost", p[0], lost, java.util.Optional.of(b.amount())))
        .isTrue();
    assertThat(payments.dispute("dispute:dp_1:lost", p[0], lost, java.util.Optional.of(b.amount())))
        .as("a redelivery")
        .isFalse();

    Booking marked = now(b);
    assertThat(marked.status()).isEqualTo(BookingStatus.PAID);
    assertThat(marked.disputed()).contains(b.amount());
    assertThat(marked.version()).isEqualTo(b.version() + 1);
    // the exception a dispute's decision closes may never have been opened: nothing is made
    payments.closeException("never-opened", "the bank decided", NOW);
    assertThat(now(p[0]).status()).isEqualTo(PaymentStatus.SUCCEEDED);
  }

  @Test
  void aHoldPastItsDeadlineIsNotPayable() {
    Booking b = held(fixtures.slot(ResourceKind.SEATS, 2), "u1");
    Instant late = b.holdExpiresAt().orElseThrow();

    StartResult result = payments.start(b, pending(b), Change.by("u1", late, "too late"));

    assertThat(result).isInstanceOf(StartResult.NotPayable.class);
    assertThat(((StartResult.NotPayable) result).current().paymentNo()).isEmpty();
  }

  @Test
  void aSettlementAppliesOnceAndItsReplayIsADuplicate() {
    Booking b = held(fixtures.slot(ResourceKind.SEATS, 2), "u1");
    Payment p = pending(b);
    payments.start(b, p, by("u1"));
    Settlement paid = new Settlement.MarkPaid("evt-1", p, now(b), by("provider"));

    assertThat(payments.settle(paid)).isEqualTo(new SettleResult.Applied());
    assertThat(payments.settle(paid)).isEqualTo(new SettleResult.Duplicate());
    assertThat(now(b).status()).isEqualTo(BookingStatus.PAID);
    assertThat(now(p).status()).isEqualTo(PaymentStatus.SUCCEEDED);
  }

  @Test
  void aFailureOfAPaymentItsBookingNoLongerNamesFailsThePaymentAndLeavesTheBooking() {
    Booking b = held(fixtures.slot(ResourceKind.SEATS, 2), "u1");
    Payment online = pending(b);
    payments.start(b, online, by("u1"));
    Payment desk =
        new Payment(
            UUID.randomUUID().toString(),
            b.bookingId(),
            b.userId(),
            b.amount(),
            "offline",
            PaymentStatus.SUCCEEDED,
            0,
            NOW);
    payments.settle(new Settlement.PaidOffline("desk-1", desk, now(b), by("desk")));

    SettleResult failed =
        payments.settle(new Settlement.Failed("closed-1", online, now(b), by("provider")));

    assertThat(failed).isEqualTo(new SettleResult.Applied());
    assertThat(now(online).status()).isEqualTo(PaymentStatus.FAILED);
    assertThat(now(b).status()).isEqualTo(BookingStatus.PAID);
    assertThat(now(b).paymentNo()).contains(desk.paymentNo());
  }

  @Test
  void aSettlementOnAPaymentThatMovedIsStaleAndWritesNothing() {
    Booking b = held(fixtures.slot(ResourceKind.SEATS, 2), "u1");
    Payment p = pending(b);
    payments.start(b, p, by("u1"));
    payments.settle(new Settlement.Failed("evt-1", p, now(b), by("provider")));

    SettleResult late =
        payments.settle(new Settlement.MarkPaid("evt-2", p, now(b), by("provider")));

    assertThat(late).isEqualTo(new SettleResult.Stale());
    assertThat(now(b).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(now(b).paymentNo()).isEmpty();
    assertThat(now(p).status()).isEqualTo(PaymentStatus.FAILED);
  }

  @Test
  void aRevivalWithNoSeatLeftIsNoSeatAndTakesNothing() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 1);
    Booking b = held(slot, "u1");
    Payment p = pending(b);
    payments.start(b, p, by("u1"));
    Booking expired =
        ((BookingStore.ReleaseResult.Released)
                bookings.release(
                    now(b),
                    BookingStatus.EXPIRED,
                    Change.expiry(b.holdExpiresAt().orElseThrow(), "sweep", "due")))
            .booking();
    held(slot, "u2");

    SettleResult revive =
        payments.settle(
            new Settlement.Revive(
                "evt-1",
                p,
                now(expired),
                bookings.calendars("u1", b.calendarDays()),
                by("provider")));

    assertThat(revive).isEqualTo(new SettleResult.NoSeat());
    assertThat(now(b).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(catalog.findSlot(slot.slotId()).orElseThrow().remaining()).isZero();
  }

  @Test
  void aRefundIsDueAtOnceAndEachAttemptIsClaimedByOneWorker() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    bookings.release(b, BookingStatus.REFUNDING, by("desk"));
    Payment refunding = now(p[0]);
    Instant next = NOW.plus(Duration.ofHours(1));

    assertThat(refunding.status()).isEqualTo(PaymentStatus.REFUNDING);
    assertThat(payments.refundsDue(NOW, 10))
        .extracting(Payment::paymentNo)
        .contains(p[0].paymentNo());
    assertThat(payments.scheduleRefund(refunding, 1, next)).isTrue();
    assertThat(payments.scheduleRefund(refunding, 1, next)).isFalse();
    assertThat(payments.refundsDue(NOW, 10)).isEmpty();
    assertThat(payments.refundsDue(next, 10))
        .extracting(Payment::refundAttempts)
        .containsExactly(1);
  }

  @Test
  void aCompletedRefundClosesTheRefundingBookingAndLeavesTheRefundQueue() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    bookings.release(b, BookingStatus.REFUNDING, by("desk"));

    SettleResult done =
        payments.settle(new Settlement.Refunded("evt-r", now(p[0]), now(b), by("provider")));

    assertThat(done).isEqualTo(new SettleResult.Applied());
    assertThat(now(b).status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(now(p[0]).status()).isEqualTo(PaymentStatus.REFUNDED);
    assertThat(payments.refundsDue(NOW.plus(Duration.ofDays(1)), 10)).isEmpty();
  }

  @Test
  void theMoneyMovesAreThePaymentTakenAndTheRefundPaidEachInItsWindow() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    Booking waiting = held(fixtures.slot(ResourceKind.SEATS, 2), "u2");
    Payment unpaid = pending(waiting);
    payments.start(waiting, unpaid, by("u2")); // started, never paid: no money moved
    bookings.release(b, BookingStatus.REFUNDING, by("desk"));
    Instant later = NOW.plus(Duration.ofHours(1));
    payments.settle(
        new Settlement.Refunded(
            "evt-r", now(p[0]), now(b), Change.by("provider", later, "contract")));

    java.util.List<fairslot.money.domain.MoneyMove> first =
        mine(payments.moneyMoves(NOW, later), p[0], unpaid);
    java.util.List<fairslot.money.domain.MoneyMove> both =
        mine(payments.moneyMoves(NOW, later.plusMillis(1)), p[0], unpaid);

    assertThat(first)
        .containsExactly(
            new fairslot.money.domain.MoneyMove(
                p[0].paymentNo(), fairslot.money.domain.MoneyMove.Kind.PAID, NOW));
    assertThat(both)
        .containsExactly(
            new fairslot.money.domain.MoneyMove(
                p[0].paymentNo(), fairslot.money.domain.MoneyMove.Kind.PAID, NOW),
            new fairslot.money.domain.MoneyMove(
                p[0].paymentNo(), fairslot.money.domain.MoneyMove.Kind.REFUNDED, later));
    assertThat(mine(payments.moneyMoves(NOW.minusSeconds(60), NOW), p[0], unpaid)).isEmpty();
  }

  /**
   * {@code b}, paid by {@code p}, moved to {@code to} with {@code back} of its payment refunded.
   */
  private fairslot.booking.app.Reschedule.Result moveRefunding(
      Booking b, Payment p, Slot to, long back) {
    Booking read = now(b);
    Booking moved = read.movedTo(fairslot.booking.domain.BookedSlot.of(to), to.price());
    var difference =
        fairslot.money.domain.RefundPartPlan.of(
            now(p),
            payments.partsOf(p.paymentNo()),
            new fairslot.kernel.Money(back, p.amount().currency()),
            NOW);
    return bookings.reschedule(
        new fairslot.booking.app.Reschedule.Plan(
            read, moved, NOW, "u1", bookings.calendars("u1", moved.calendarDays()), difference));
  }

  @Test
  void aMoveRefundsItsDifferenceAsAPartOfThePaymentWhichStaysSucceeded() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    Slot to = fixtures.slot(ResourceKind.SEATS, 2);

    var result = moveRefunding(b, p[0], to, 1000);

    assertThat(result).isInstanceOf(fairslot.booking.app.Reschedule.Result.Moved.class);
    assertThat(now(p[0]).status()).isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(now(b).status()).isEqualTo(BookingStatus.PAID);
    Payment part = payments.partsOf(p[0].paymentNo()).get(0);
    assertThat(payments.partsOf(p[0].paymentNo())).hasSize(1);
    assertThat(part.refundPart()).isEqualTo(1);
    assertThat(part.status()).isEqualTo(PaymentStatus.REFUNDING);
    assertThat(part.refund().minor()).isEqualTo(1000);
    assertThat(part.refundNo()).isEqualTo("R" + p[0].paymentNo() + "-1");
    assertThat(payments.findRefund(part.refundNo())).contains(part);
    assertThat(payments.findRefund("R" + p[0].paymentNo())).contains(now(p[0]));
    assertThat(payments.findPart(p[0].paymentNo(), 1)).contains(part);
    assertThat(payments.findRefund("R" + p[0].paymentNo() + "-2")).isEmpty();
    assertThat(payments.refundsDue(NOW, 10)).containsExactly(part);
  }

  @Test
  void aRefundPartIsClaimedAndSettledOnItsOwnLeavingThePaymentAndBookingPaid() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    moveRefunding(b, p[0], fixtures.slot(ResourceKind.SEATS, 2), 1000);
    Payment part = payments.partsOf(p[0].paymentNo()).get(0);
    Instant next = NOW.plus(Duration.ofHours(1));

    assertThat(payments.scheduleRefund(part, 1, next)).isTrue();
    assertThat(payments.scheduleRefund(part, 1, next)).isFalse();
    Payment claimed = payments.findPart(p[0].paymentNo(), 1).orElseThrow();
    assertThat(claimed.refundAttempts()).isEqualTo(1);
    Instant later = NOW.plus(Duration.ofMinutes(5));
    SettleResult done =
        payments.settle(
            new Settlement.Refunded(
                "evt-part", claimed, now(b), Change.by("provider", later, "contract")));

    assertThat(done).isEqualTo(new SettleResult.Applied());
    assertThat(payments.findPart(p[0].paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(now(p[0]).status()).isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(now(b).status()).isEqualTo(BookingStatus.PAID);
    assertThat(payments.refundsDue(next.plusSeconds(1), 10)).isEmpty();
    assertThat(mine(payments.moneyMoves(later, later.plusMillis(1)), p[0]))
        .containsExactly(
            new fairslot.money.domain.MoneyMove(
                p[0].paymentNo(), fairslot.money.domain.MoneyMove.Kind.REFUNDED, later, 1));
    assertThat(payments.paymentsOf(b.bookingId()).get(0).parts())
        .extracting(Payment::status)
        .containsExactly(PaymentStatus.REFUNDED);
  }

  @Test
  void aPartSettlingWhileItsBookingIsRefundingLeavesTheBookingToItsOwnRefund() {
    for (boolean paidBack : new boolean[] {true, false}) {
      Payment[] p = new Payment[1];
      Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
      moveRefunding(b, p[0], fixtures.slot(ResourceKind.SEATS, 2, 4000), 1000);
      Payment part = payments.partsOf(p[0].paymentNo()).get(0);
      bookings.release(now(b), BookingStatus.REFUNDING, by("desk")); // refunds the 4000 left

      SettleResult settled =
          payments.settle(
              paidBack
                  ? new Settlement.Refunded("evt-part-back", part, now(b), by("provider"))
                  : new Settlement.RefundGivenUp("evt-part-gone", part, now(b), by("job")));

      assertThat(settled).isEqualTo(new SettleResult.Applied());
      assertThat(payments.findPart(p[0].paymentNo(), 1).orElseThrow().status())
          .isEqualTo(paidBack ? PaymentStatus.REFUNDED : PaymentStatus.REFUND_FAILED);
      assertThat(now(b).status()).isEqualTo(BookingStatus.REFUNDING);
      assertThat(now(p[0]).status()).isEqualTo(PaymentStatus.REFUNDING);
      assertThat(now(p[0]).refund().minor()).isEqualTo(4000);
    }
  }

  @Test
  void aRefundOfMoreThanItsPartsLeftIsNeverRequested() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    // a booking still priced at the whole payment after a part of it was refunded: books that are
    // off (no move makes it), which the release must refuse rather than refund twice
    moveRefunding(b, p[0], fixtures.slot(ResourceKind.SEATS, 2), 1000);

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> bookings.release(now(b), BookingStatus.REFUNDING, by("desk")))
        .isInstanceOf(IllegalStateException.class);
    assertThat(now(b).status()).isEqualTo(BookingStatus.PAID);
    assertThat(now(p[0]).status()).isEqualTo(PaymentStatus.SUCCEEDED);
  }

  @Test
  void aPartPlannedFromAStaleReadOfThePaymentMovesNothing() {
    Payment[] p = new Payment[1];
    Booking b = paid(fixtures.slot(ResourceKind.SEATS, 2), "u1", p);
    var stale =
        fairslot.money.domain.RefundPartPlan.of(
                now(p[0]), java.util.List.of(), new fairslot.kernel.Money(500, "CNY"), NOW)
            .orElseThrow();
    moveRefunding(b, p[0], fixtures.slot(ResourceKind.SEATS, 2), 1000);
    Slot third = fixtures.slot(ResourceKind.SEATS, 2);
    Booking read = now(b);
    Booking moved = read.movedTo(fairslot.booking.domain.BookedSlot.of(third), third.price());

    var result =
        bookings.reschedule(
            new fairslot.booking.app.Reschedule.Plan(
                read,
                moved,
                NOW,
                "u1",
                bookings.calendars("u1", moved.calendarDays()),
                java.util.Optional.of(stale)));

    assertThat(result).isInstanceOf(fairslot.booking.app.Reschedule.Result.PaymentMoved.class);
    assertThat(now(b).slotId()).isEqualTo(read.slotId());
    assertThat(payments.partsOf(p[0].paymentNo())).hasSize(1);
    assertThat(catalog.findSlot(third.slotId()).orElseThrow().remaining()).isEqualTo(2);
  }

  private static java.util.List<fairslot.money.domain.MoneyMove> mine(
      java.util.List<fairslot.money.domain.MoneyMove> moves, Payment... of) {
    java.util.Set<String> numbers = new java.util.HashSet<>();
    for (Payment p : of) {
      numbers.add(p.paymentNo());
    }
    return moves.stream().filter(m -> numbers.contains(m.paymentNo())).toList();
  }
}
