package fairslot.membership.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.membership.domain.Membership;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.Wallet;
import fairslot.money.domain.WalletShare;
import fairslot.wallet.app.WalletStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * A membership paid from the member's wallet at its venue: its first period (checkout with {@code
 * provider: "wallet"}) and each renewal (the renew-memberships job). Each is one transaction that
 * moves the membership and takes the price, principal and bonus in proportion; a renewal's payment
 * number is the period's own, so the same period is never charged twice.
 */
public final class MembershipCharges {
  private static final int MAX_ROUNDS = 8;

  private final MembershipStore memberships;
  private final WalletStore wallets;
  private final CatalogStore catalog;
  private final IdGenerator ids;
  private final Clock clock;

  public MembershipCharges(
      MembershipStore memberships,
      WalletStore wallets,
      CatalogStore catalog,
      IdGenerator ids,
      Clock clock) {
    this.memberships = memberships;
    this.wallets = wallets;
    this.catalog = catalog;
    this.ids = ids;
    this.clock = clock;
  }

  /**
   * The first period paid from the wallet: ACTIVE from now (its wallet payment), or 409
   * insufficient_balance.
   */
  public Outcome<Payment> first(String userId, Payable.ForMembership paid) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<Membership> found = memberships.find(userId, paid.membershipId());
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no membership " + paid.membershipId());
      }
      Membership m = found.get();
      if (m.status() != Membership.Status.PENDING_PAY || m.paymentNo().isPresent()) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION,
            m.status() == Membership.Status.PENDING_PAY
                ? "the membership's payment is under way with " + m.paymentNo().get()
                : "a " + m.status() + " membership is not paid again");
      }
      Money price = m.plan().price();
      Optional<Wallet> wallet = walletOf(m);
      Optional<WalletShare> share = wallet.flatMap(w -> w.balance().take(price.minor()));
      if (share.isEmpty()) {
        return Outcome.refused(
            Refusal.INSUFFICIENT_BALANCE,
            "the wallet holds less than " + price.minor(),
            Map.of("balanceMinor", wallet.map(Wallet::balanceMinor).orElse(0L)));
      }
      Instant now = clock.instant();
      Payment payment = payment(m, ids.newPaymentNo(), now);
      Membership after = m.withPayment(Optional.of(payment.paymentNo())).activated(now, zoneOf(m));
      if (memberships.paidFromWallet(
          m,
          after,
          payment,
          share.get(),
          m.venueId(),
          Change.by(userId, now, "paid from wallet"))) {
        return Outcome.done(payment);
      }
      // the membership or the wallet moved since they were read: read both again
    }
    return Outcome.refused(Refusal.THROTTLED, "the wallet is busy; try again");
  }

  /** What charging a renewal came to. */
  public enum Renewal {
    RENEWED,
    /** Nothing can pay it: no wallet holding the price (a saved card is not taken yet). */
    UNPAID,
    /** The membership or the wallet moved since read: the next run looks again. */
    CONTENDED
  }

  /** The next period charged to the wallet. */
  Renewal renew(Membership m, Instant now) {
    Money price = m.plan().price();
    Optional<WalletShare> share = walletOf(m).flatMap(w -> w.balance().take(price.minor()));
    if (share.isEmpty()) {
      return Renewal.UNPAID;
    }
    Payment payment = payment(m, renewalNo(m), now);
    Membership after = m.withPayment(Optional.of(payment.paymentNo())).renewed(zoneOf(m));
    return memberships.paidFromWallet(
            m,
            after,
            payment,
            share.get(),
            m.venueId(),
            Change.by("renew-memberships", now, "renewed"))
        ? Renewal.RENEWED
        : Renewal.CONTENDED;
  }

  private Optional<Wallet> walletOf(Membership m) {
    return wallets.walletsOf(m.userId()).stream()
        .filter(w -> w.venueId().equals(m.venueId()))
        .filter(w -> w.currency().equals(m.plan().price().currency()))
        .findFirst();
  }

  private ZoneId zoneOf(Membership m) {
    return catalog.findVenue(m.venueId()).map(Venue::timeZone).orElse(ZoneId.of("UTC"));
  }

  private static Payment payment(Membership m, String paymentNo, Instant now) {
    Money price = m.plan().price();
    return new Payment(
        paymentNo,
        new Payable.ForMembership(m.membershipId()),
        m.userId(),
        price,
        Wallet.PROVIDER,
        PaymentStatus.SUCCEEDED,
        0,
        now,
        0,
        price);
  }

  /** The renewal of the period ending at the membership's period end: one number per period. */
  static String renewalNo(Membership m) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(
                  (m.membershipId() + "|" + m.periodEnd().orElseThrow().toEpochMilli())
                      .getBytes(StandardCharsets.UTF_8));
      return "MR" + HexFormat.of().formatHex(digest).substring(0, 30);
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException(impossible);
    }
  }
}
