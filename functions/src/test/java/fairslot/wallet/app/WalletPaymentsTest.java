package fairslot.wallet.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.WalletShare;
import fairslot.pass.app.PassService;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.PlanKind;
import fairslot.payment.app.Checkout;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Bookings paid from the wallet on the in-memory stores (v1.3 "One ledger"): principal and bonus
 * taken in proportion in the transaction that makes the booking PAID, a short wallet refused with
 * nothing written, and a cancel's refund back to the wallet in the proportion it was taken.
 */
class WalletPaymentsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 10, 5000, Admission.DIRECT);

  private void toppedUp(String user, long pay, long bonus) {
    world.toppedUp(user, slot.venueId(), pay, bonus);
  }

  private Booking held(String user) {
    return ((Booked.Created)
            done(
                world.bookings.book(
                    Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
        .booking();
  }

  private Outcome<Checkout> payFromWallet(String user, Booking b) {
    return world.payments.pay(user, new Payable.ForBooking(b.bookingId()), Optional.of("wallet"));
  }

  private WalletShare balance(String user) {
    return world.wallets.wallets(user).get(0).balance();
  }

  private long ledgerSum(String user) {
    return world
        .wallets
        .ledger(user, slot.venueId(), new PageRequest(200, Optional.empty()))
        .items()
        .stream()
        .mapToLong(LedgerEntry::deltaMinor)
        .sum();
  }

  @Test
  void aBookingPaidFromTheWalletTakesPrincipalAndBonusInProportionAsItBecomesPaid() {
    toppedUp("u1", 100000, 10000);
    Booking b = held("u1");

    Checkout paid = done(payFromWallet("u1", b));

    assertThat(paid.payment().provider()).isEqualTo("wallet");
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(balance("u1")).isEqualTo(new WalletShare(100000 - 4545, 10000 - 455));
    assertThat(ledgerSum("u1")).isEqualTo(105000);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aWalletShortOfTheAmountIsRefusedAndNothingIsWritten() {
    toppedUp("u1", 3000, 1000);
    Booking b = held("u1");

    Outcome<Checkout> refused = payFromWallet("u1", b);

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.INSUFFICIENT_BALANCE);
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(balance("u1")).isEqualTo(new WalletShare(3000, 1000));
    Outcome<Checkout> noWallet = payFromWallet("u2", held("u2"));
    assertThat(((Outcome.Refused<?>) noWallet).refusal()).isEqualTo(Refusal.INSUFFICIENT_BALANCE);
  }

  @Test
  void aCancelInTimeRefundsToTheWalletInTheProportionTakenOnce() {
    toppedUp("u1", 100000, 10000);
    Booking b = held("u1");
    done(payFromWallet("u1", b));

    done(world.bookings.cancel("u1", b.bookingId()));
    world.refunds.retryDue(10);

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(balance("u1")).isEqualTo(new WalletShare(100000, 10000));
    assertThat(ledgerSum("u1")).isEqualTo(110000);
    assertThat(
            world
                .wallets
                .ledger("u1", slot.venueId(), new PageRequest(50, Optional.empty()))
                .items())
        .extracting(LedgerEntry::kind)
        .containsExactly(LedgerEntry.Kind.TOP_UP, LedgerEntry.Kind.SPEND, LedgerEntry.Kind.REFUND);
  }

  private Pass pass(String user, long priceMinor) {
    String planId =
        done(world.passService.createPlan(
                "admin",
                new PassService.CreatePlan(
                    slot.venueId(),
                    "Ten",
                    PlanKind.PACK,
                    10,
                    Duration.ofDays(30),
                    Set.of(),
                    new Money(priceMinor, "CNY")),
                Optional.empty()))
            .planId();
    return done(world.passService.buy(user, planId, Optional.empty()));
  }

  @Test
  void aPassPaidFromTheWalletIsActiveAtOnceAndItsRefundGoesBackToTheWallet() {
    toppedUp("u1", 100000, 10000);
    Pass pass = pass("u1", 22000);

    Checkout paid =
        done(world.payments.pay("u1", new Payable.ForPass(pass.passId()), Optional.of("wallet")));

    assertThat(paid.payment().provider()).isEqualTo("wallet");
    assertThat(world.passStore.findPass("u1", pass.passId()).orElseThrow().status())
        .isEqualTo(PassStatus.ACTIVE);
    assertThat(balance("u1")).isEqualTo(new WalletShare(80000, 8000));
    assertThat(ledgerSum("u1")).isEqualTo(88000);

    done(
        world.payments.refundPass(
            "finance",
            pass.passId(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            made -> new StoredResponse(200, made.part().refundNo())));
    world.refunds.retryDue(10);

    assertThat(balance("u1")).isEqualTo(new WalletShare(100000, 10000));
    assertThat(ledgerSum("u1")).isEqualTo(110000);
  }

  @Test
  void aPassTheWalletCannotCoverIsRefusedAndStaysUnpaid() {
    toppedUp("u1", 10000, 1000);
    Pass pass = pass("u1", 22000);

    Outcome<Checkout> refused =
        world.payments.pay("u1", new Payable.ForPass(pass.passId()), Optional.of("wallet"));

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.INSUFFICIENT_BALANCE);
    assertThat(world.passStore.findPass("u1", pass.passId()).orElseThrow().status())
        .isEqualTo(PassStatus.PENDING_PAY);
    assertThat(balance("u1")).isEqualTo(new WalletShare(10000, 1000));
  }
}
