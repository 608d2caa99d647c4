package fairslot.payment.app;

import fairslot.booking.app.MemberBookings;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.membership.app.MembershipCharges;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.Wallet;
import fairslot.money.domain.WalletPart;
import fairslot.money.domain.WalletShare;
import fairslot.pass.app.PassStore;
import fairslot.pass.app.PrepaidCheck;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.wallet.app.WalletStore;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A booking or a pass paid from the member's wallet at its venue (API.md v1.3 "One ledger"):
 * principal and bonus taken in proportion to the balance, in the same transaction that makes the
 * booking PAID or the pass ACTIVE; a wallet short of the amount is 409 {@code insufficient_balance}
 * and nothing is written.
 */
final class WalletCheckout {
  private static final int MAX_ROUNDS = 8;

  private final MemberBookings members;
  private final PaymentStore payments;
  private final WalletStore wallets;
  private final PassStore passes;
  private final IdGenerator ids;
  private final Clock clock;
  private final PrepaidCheck prepaid;
  private final MembershipCharges memberships;

  WalletCheckout(
      MemberBookings members,
      PaymentStore payments,
      WalletStore wallets,
      PassStore passes,
      IdGenerator ids,
      Clock clock,
      PrepaidCheck prepaid,
      MembershipCharges memberships) {
    this.prepaid = prepaid;
    this.memberships = memberships;
    this.members = members;
    this.payments = payments;
    this.wallets = wallets;
    this.passes = passes;
    this.ids = ids;
    this.clock = clock;
  }

  Outcome<Checkout> pay(String userId, Payable payable) {
    if (payable instanceof Payable.ForPass pass) {
      return payPass(userId, pass);
    }
    if (payable instanceof Payable.ForMembership membership) {
      return memberships
          .first(userId, membership)
          .then(p -> Outcome.done(new Checkout(p, Map.of())));
    }
    if (!(payable instanceof Payable.ForBooking paid)) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "a wallet is not topped up from itself");
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
      // a split payment under way holds a part of this wallet: its rest is paid, or ends, first
      if (booking
          .paymentNo()
          .flatMap(payments::walletPartOf)
          .filter(WalletPart::isTaken)
          .isPresent()) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION, "a split payment is under way: pay its rest or let it end");
      }
      Money amount = booking.total();
      Optional<Wallet> wallet = walletAt(userId, booking.slot().venueId(), amount);
      Optional<WalletShare> share = wallet.flatMap(w -> w.balance().take(amount.minor()));
      if (share.isEmpty()) {
        return shortOf(wallet, amount);
      }
      Payment payment = payment(userId, payable, amount, now);
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

  /** A PENDING_PAY pass with no payment started, paid at its price from the wallet. */
  private Outcome<Checkout> payPass(String userId, Payable.ForPass paid) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Instant now = clock.instant();
      Optional<Pass> found = passes.findPass(userId, paid.passId());
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no pass " + paid.passId());
      }
      Pass pass = found.get();
      if (pass.status() != PassStatus.PENDING_PAY || pass.paymentNo().isPresent()) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION,
            pass.status() == PassStatus.PENDING_PAY
                ? "the pass's payment is under way with " + pass.paymentNo().get()
                : "a " + pass.status() + " pass cannot be paid");
      }
      Money amount = pass.plan().price();
      Optional<Wallet> wallet = walletAt(userId, pass.plan().venueId(), amount);
      Optional<WalletShare> share = wallet.flatMap(w -> w.balance().take(amount.minor()));
      if (share.isEmpty()) {
        return shortOf(wallet, amount);
      }
      // the pass's value judged by the venue's prepaid rules, its wallet principal no longer held
      Outcome<Optional<PrepaidClaim>> claim =
          prepaid.claim(userId, pass.venueId(), pass.plan().prepaid(share.get().principalMinor()));
      if (claim instanceof Outcome.Refused<Optional<PrepaidClaim>> beyond) {
        return Outcome.refused(beyond.refusal(), beyond.detail(), beyond.extras());
      }
      var judged = (Outcome.Done<Optional<PrepaidClaim>>) claim;
      Payment payment = payment(userId, paid, amount, now);
      switch (passes.payFromWallet(
          pass,
          payment,
          share.get(),
          judged.value(),
          Change.by(userId, now, "paid from the wallet"))) {
        case PAID:
          return Outcome.done(new Checkout(payment, Map.of()));
        case VENUE_DISABLED:
          return Outcome.refused(Refusal.DISABLED, "the venue is disabled");
        default: // the pass or the wallet moved since they were read: read both again
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the wallet is busy; try again");
  }

  /**
   * A split payment's wallet part (v1.3 {@code rest}): all that the member's wallet at the
   * booking's venue holds, when that is some of the total but not all of it; the rest's provider
   * pays the rest. Empty otherwise (the wallet pays alone, or the provider pays all).
   */
  Optional<WalletPart> partOf(String userId, Booking booking, Instant now) {
    Money total = booking.total();
    return walletAt(userId, booking.slot().venueId(), total)
        .map(Wallet::balance)
        .filter(b -> b.totalMinor() > 0 && b.totalMinor() < total.minor())
        .map(
            balance ->
                new WalletPart(
                    "",
                    payment(
                        userId,
                        new Payable.ForBooking(booking.bookingId()),
                        new Money(balance.totalMinor(), total.currency()),
                        now),
                    balance,
                    booking.slot().venueId()));
  }

  private Optional<Wallet> walletAt(String userId, String venueId, Money amount) {
    return wallets.walletsOf(userId).stream()
        .filter(w -> w.venueId().equals(venueId))
        .filter(w -> w.currency().equals(amount.currency()))
        .findFirst();
  }

  private static <T> Outcome<T> shortOf(Optional<Wallet> wallet, Money amount) {
    return Outcome.refused(
        Refusal.INSUFFICIENT_BALANCE,
        "the wallet holds less than " + amount.minor(),
        Map.of("balanceMinor", wallet.map(Wallet::balanceMinor).orElse(0L)));
  }

  private Payment payment(String userId, Payable payable, Money amount, Instant now) {
    return new Payment(
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
  }
}
