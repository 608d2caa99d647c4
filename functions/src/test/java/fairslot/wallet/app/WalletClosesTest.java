package fairslot.wallet.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
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
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.WalletCloses;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Closing a wallet on the in-memory stores (v1.3 "One ledger"): the unused principal goes back to
 * the top-ups' payments newest first, the bonus is forfeited, both in one CLOSE entry, and a second
 * close changes nothing.
 */
class WalletClosesTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 10, 5000, Admission.DIRECT);

  /** A paid top-up: its payment. */
  private Payment toppedUp(String user, long pay, long bonus) {
    Payment p = world.toppedUp(user, slot.venueId(), pay, bonus);
    world.clock.advance(Duration.ofSeconds(1)); // top-ups in order
    return p;
  }

  private List<LedgerEntry> ledger(String user) {
    return world
        .wallets
        .ledger(user, slot.venueId(), new PageRequest(200, Optional.empty()))
        .items();
  }

  @Test
  void theUnusedPrincipalGoesBackNewestTopUpFirstAndTheBonusIsForfeited() {
    Payment older = toppedUp("u1", 10000, 1000);
    Payment newer = toppedUp("u1", 20000, 3000);
    Booking b =
        ((Booked.Created)
                done(
                    world.bookings.book(
                        Book.byMember("u1", slot.slotId(), 1, false, Optional.empty()))))
            .booking();
    done(world.payments.pay("u1", new Payable.ForBooking(b.bookingId()), Optional.of("wallet")));
    WalletShare before = world.wallets.wallets("u1").get(0).balance();

    WalletCloses.Closed closed = done(world.payments.closeWallet("u1", slot.venueId()));

    assertThat(closed.refundedMinor()).isEqualTo(before.principalMinor());
    assertThat(closed.forfeitedMinor()).isEqualTo(before.bonusMinor());
    assertThat(closed.parts())
        .extracting(Payment::paymentNo)
        .containsExactly(newer.paymentNo(), older.paymentNo());
    assertThat(closed.parts().get(0).refund()).isEqualTo(new Money(20000, "CNY"));
    assertThat(closed.parts().get(1).refund().minor()).isEqualTo(before.principalMinor() - 20000);
    assertThat(world.wallets.wallets("u1").get(0).balance()).isEqualTo(WalletShare.NONE);
    assertThat(ledger("u1").stream().mapToLong(LedgerEntry::deltaMinor).sum()).isZero();
    assertThat(ledger("u1").get(ledger("u1").size() - 1).kind()).isEqualTo(LedgerEntry.Kind.CLOSE);

    for (Payment part : closed.parts()) {
      PaymentCallback report =
          new PaymentCallback(
              "re-" + part.refundNo(),
              part.paymentNo(),
              part.payable(),
              part.refund(),
              PaymentCallback.Outcome.REFUNDED,
              "",
              Optional.of(part.refundNo()));
      assertThat(done(world.payments.callback(report))).isEqualTo(PaymentService.Applied.APPLIED);
      assertThat(done(world.payments.callback(report))).isEqualTo(PaymentService.Applied.DUPLICATE);
      assertThat(
              world
                  .paymentStore
                  .findPart(part.paymentNo(), part.refundPart())
                  .orElseThrow()
                  .status())
          .isEqualTo(PaymentStatus.REFUNDED);
    }
    assertThat(world.wallets.wallets("u1").get(0).balance()).isEqualTo(WalletShare.NONE);
    WalletCloses.Closed again = done(world.payments.closeWallet("u1", slot.venueId()));
    assertThat(again.refundedMinor()).isZero();
    assertThat(again.parts()).isEmpty();
  }

  @Test
  void theWorkedExampleOfMoneyMdHolds() {
    Payment older = toppedUp("u2", 10000, 1000);
    Payment newer = toppedUp("u2", 20000, 4000);
    Slot sixty =
        world.slotOf(
            world.catalogStore.findResource(slot.resourceId()).orElseThrow(),
            slot.interval().start().plus(Duration.ofHours(2)),
            6000);
    Booking b =
        ((Booked.Created)
                done(
                    world.bookings.book(
                        Book.byMember("u2", sixty.slotId(), 1, false, Optional.empty()))))
            .booking();
    done(world.payments.pay("u2", new Payable.ForBooking(b.bookingId()), Optional.of("wallet")));
    assertThat(world.wallets.wallets("u2").get(0).balance())
        .isEqualTo(new WalletShare(24857, 4143));

    WalletCloses.Closed closed = done(world.payments.closeWallet("u2", slot.venueId()));

    assertThat(closed.refundedMinor()).isEqualTo(24857);
    assertThat(closed.forfeitedMinor()).isEqualTo(4143);
    assertThat(closed.parts())
        .extracting(p -> p.paymentNo() + " " + p.refund().minor())
        .containsExactly(newer.paymentNo() + " 20000", older.paymentNo() + " 4857");
  }

  @Test
  void aMemberWithNoWalletAtTheVenueHasNothingToClose() {
    Outcome<WalletCloses.Closed> none = world.payments.closeWallet("u9", slot.venueId());

    assertThat(((Outcome.Refused<?>) none).refusal()).isEqualTo(Refusal.NOT_FOUND);
  }
}
