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
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletShare;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A booking paid by the wallet and a provider for the rest (v1.3 "One ledger", {@code rest}) on the
 * in-memory stores: the wallet part is taken with the hold, kept when the rest pays, and given back
 * whole exactly once when the rest fails or the hold ends first, whichever comes first; a paid
 * booking's refund goes back to both in proportion.
 */
class SplitPaymentsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 10, 5000, Admission.DIRECT);

  private Booking held(String user) {
    return ((Booked.Created)
            done(
                world.bookings.book(
                    Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
        .booking();
  }

  private Outcome<Checkout> split(String user, Booking b) {
    return world.payments.pay(
        user,
        new Payable.ForBooking(b.bookingId()),
        Optional.of("wallet"),
        Optional.of("scripted"));
  }

  private void report(Payment rest, Booking b, PaymentCallback.Outcome outcome, String event) {
    done(
        world.payments.callback(
            new PaymentCallback(event, rest.paymentNo(), b.bookingId(), rest.amount(), outcome)));
  }

  private WalletShare balance(String user) {
    return world.wallets.wallets(user).get(0).balance();
  }

  private List<LedgerEntry.Kind> ledger(String user) {
    return world
        .wallets
        .ledger(user, slot.venueId(), new PageRequest(50, Optional.empty()))
        .items()
        .stream()
        .map(LedgerEntry::kind)
        .toList();
  }

  @Test
  void theWalletPaysWhatItHoldsAndTheProviderTheRestAndBothAreKeptWhenTheRestPays() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");

    Checkout started = done(split("u1", b));

    assertThat(started.payment().amount().minor()).isEqualTo(2000);
    assertThat(started.payment().provider()).isEqualTo("scripted");
    assertThat(started.walletPart()).map(p -> p.amount().minor()).contains(3000L);
    assertThat(balance("u1")).isEqualTo(new WalletShare(0, 0));
    assertThat(world.provider.charged)
        .filteredOn(p -> p.bookingPaid().isPresent())
        .extracting(p -> p.amount().minor())
        .containsExactly(2000L);

    report(started.payment(), b, PaymentCallback.Outcome.SUCCEEDED, "ok-1");

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(world.payment(started.walletPart().get().paymentNo()).status())
        .isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(ledger("u1")).containsExactly(LedgerEntry.Kind.TOP_UP, LedgerEntry.Kind.SPEND);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void theRestFailingGivesTheWalletPartBackOnceAndTheMemberMayPayAgain() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");
    Checkout started = done(split("u1", b));

    report(started.payment(), b, PaymentCallback.Outcome.FAILED, "no-1");
    report(started.payment(), b, PaymentCallback.Outcome.FAILED, "no-2"); // the query's answer too

    assertThat(balance("u1")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(ledger("u1"))
        .containsExactly(LedgerEntry.Kind.TOP_UP, LedgerEntry.Kind.SPEND, LedgerEntry.Kind.REFUND);
    assertThat(world.payment(started.walletPart().get().paymentNo()).status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.booking(b.bookingId()).paymentNo()).isEmpty();

    Checkout again = done(split("u1", b));
    assertThat(again.payment().paymentNo()).isNotEqualTo(started.payment().paymentNo());
    assertThat(balance("u1")).isEqualTo(new WalletShare(0, 0));
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aSuccessOfTheRestAfterItsFailureGaveThePartBackIsSentBackNotPaidByTheRestAlone() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");
    Checkout started = done(split("u1", b));
    report(started.payment(), b, PaymentCallback.Outcome.FAILED, "no-1");

    report(started.payment(), b, PaymentCallback.Outcome.SUCCEEDED, "ok-after-all");

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(world.payment(started.payment().paymentNo()).status())
        .isEqualTo(PaymentStatus.REFUNDING);
    assertThat(balance("u1")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void theDeskTakingTheWholePriceWhileTheRestIsUnderWayGivesThePartBackAndTheRestIsSentBack() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");
    Checkout started = done(split("u1", b));

    done(world.staff.offlinePayment("desk", b.bookingId()));
    report(started.payment(), b, PaymentCallback.Outcome.SUCCEEDED, "late-1");

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(balance("u1")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(world.payment(started.walletPart().get().paymentNo()).status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.payment(started.payment().paymentNo()).status())
        .isEqualTo(PaymentStatus.REFUNDING);
  }

  @Test
  void theWalletAlonePaysNoBookingWhoseSplitRestIsUnderWay() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");
    done(split("u1", b));
    world.toppedUp("u1", slot.venueId(), 9000, 0);

    Outcome<Checkout> whole =
        world.payments.pay("u1", new Payable.ForBooking(b.bookingId()), Optional.of("wallet"));

    assertThat(((Outcome.Refused<?>) whole).refusal()).isEqualTo(Refusal.INVALID_TRANSITION);
    assertThat(balance("u1")).isEqualTo(new WalletShare(9000, 0));
  }

  @Test
  void theHoldEndingFirstGivesThePartBackAndALateSuccessOfTheRestIsSentBack() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");
    Checkout started = done(split("u1", b));

    world.clock.advance(Duration.ofHours(1));
    world.holdSweep.run(100);
    world.holdSweep.run(100); // a second sweep finds nothing to give back

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(balance("u1")).isEqualTo(new WalletShare(2000, 1000));

    // the rest paid after all: the booking cannot be bought by it alone, so it goes back
    report(started.payment(), b, PaymentCallback.Outcome.SUCCEEDED, "late-1");

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.payment(started.payment().paymentNo()).status())
        .isEqualTo(PaymentStatus.REFUNDING);
    assertThat(balance("u1")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(ledger("u1"))
        .containsExactly(LedgerEntry.Kind.TOP_UP, LedgerEntry.Kind.SPEND, LedgerEntry.Kind.REFUND);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aCancelledHoldGivesThePartBackAndTheRestsFailureAfterItGivesNothingMore() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");
    Checkout started = done(split("u1", b));

    done(world.bookings.cancel("u1", b.bookingId()));
    report(started.payment(), b, PaymentCallback.Outcome.FAILED, "no-1");

    assertThat(balance("u1")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(ledger("u1"))
        .containsExactly(LedgerEntry.Kind.TOP_UP, LedgerEntry.Kind.SPEND, LedgerEntry.Kind.REFUND);
  }

  @Test
  void aPaidSplitBookingsRefundGoesBackToTheWalletAndTheProviderInProportionOnce() {
    world.toppedUp("u1", slot.venueId(), 2000, 1000);
    Booking b = held("u1");
    Checkout started = done(split("u1", b));
    report(started.payment(), b, PaymentCallback.Outcome.SUCCEEDED, "ok-1");

    done(world.bookings.cancel("u1", b.bookingId()));
    assertThat(world.ledgerDeviations()).isEmpty();
    world.refunds.retryDue(10);
    assertThat(world.provider.refundAsks)
        .extracting(p -> p.refund().minor())
        .containsExactly(2000L);
    report(started.payment(), b, PaymentCallback.Outcome.REFUNDED, "back-1");

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(balance("u1")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(world.payment(started.walletPart().get().paymentNo()).status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.payment(started.payment().paymentNo()).status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aWalletThatCoversAllPaysAloneAndAnEmptyOneLeavesAllToTheRest() {
    world.toppedUp("u1", slot.venueId(), 9000, 0);
    Booking rich = held("u1");
    Checkout whole = done(split("u1", rich));
    assertThat(whole.payment().provider()).isEqualTo("wallet");
    assertThat(whole.walletPart()).isEmpty();
    assertThat(world.booking(rich.bookingId()).status()).isEqualTo(BookingStatus.PAID);

    Booking poor = held("u2");
    Checkout all = done(split("u2", poor));
    assertThat(all.payment().amount().minor()).isEqualTo(5000);
    assertThat(all.walletPart()).isEmpty();
  }
}
