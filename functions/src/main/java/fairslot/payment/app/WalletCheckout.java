package fairslot.payment.app;

import fairslot.booking.app.MemberBookings;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.Wallet;
import fairslot.money.domain.WalletShare;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.wallet.app.WalletStore;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A booking paid from the member's wallet at its venue (API.md v1.3 "One ledger"): principal and
 * bonus taken in proportion to the balance, in the same transaction that makes the booking PAID; a
 * wallet short of the amount is 409 {@code insufficient_balance} and nothing is written.
 */
final class WalletCheckout {
  private static final int MAX_ROUNDS = 8;

  private final MemberBookings members;
  private final PaymentStore payments;
  private final WalletStore wallets;
  private final IdGenerator ids;
  private final Clock clock;

  WalletCheckout(
      MemberBookings members,
      PaymentStore payments,
      WalletStore wallets,
      IdGenerator ids,
      Clock clock) {
    this.members = members;
    this.payments = payments;
    this.wallets = wallets;
    this.ids = ids;
    this.clock = clock;
  }

  Outcome<Checkout> pay(String userId, Payable payable) {
    if (!(payable instanceof Payable.ForBooking paid)) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "the wallet pays for bookings (passes and memberships next)");
    }
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Instant now = clock.instant();
      Optional<Booking> found = members.find(userId, paid.bookingId());
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + paid.bookingId());
      }
      Booking booking = found.get();
      if (booking.statusAt(now) == BookingStatus.EXPIRED) {
        return Outcome.refused(Refusal.HOLD_EXPIRED, "the hold expired; book again");
      }
      if (booking.status() != BookingStatus.PENDING_PAY) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION, "a " + booking.status() + " booking cannot be paid");
      }
      Money amount = booking.total();
      Optional<Wallet> wallet =
          wallets.walletsOf(userId).stream()
              .filter(w -> w.venueId().equals(booking.slot().venueId()))
              .filter(w -> w.currency().equals(amount.currency()))
              .findFirst();
      Optional<WalletShare> share = wallet.flatMap(w -> w.balance().take(amount.minor()));
      if (share.isEmpty()) {
        return Outcome.refused(
            Refusal.INSUFFICIENT_BALANCE,
            "the wallet holds less than " + amount.minor(),
            Map.of("balanceMinor", wallet.map(Wallet::balanceMinor).orElse(0L)));
      }
      Payment payment =
          new Payment(
              ids.newPaymentNo(),
              payable,
              userId,
              amount,
              PaymentProviders.WALLET,
              PaymentStatus.SUCCEEDED,
              0,
              now,
              0,
              amount);
      SettleResult result =
          payments.settle(
              new Settlement.PaidFromWallet(
                  "wallet:" + payment.paymentNo(),
                  payment,
                  booking,
                  Change.by(userId, now, "paid from the wallet"),
                  share.get()));
      if (result instanceof SettleResult.Applied) {
        return Outcome.done(new Checkout(payment, Map.of()));
      }
      // the booking or the wallet moved since they were read: read both again
    }
    return Outcome.refused(Refusal.THROTTLED, "the wallet is busy; try again");
  }
}
