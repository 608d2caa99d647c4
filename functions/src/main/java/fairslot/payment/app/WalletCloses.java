package fairslot.payment.app;

import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.domain.Wallet;
import fairslot.money.domain.WalletShare;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.domain.TopUp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A member closes their wallet at a venue (API.md v1.3 "One ledger"): the unused principal is
 * refunded to the top-ups' payments, newest first, each as a refund part through its provider; the
 * bonus is forfeited. The wallet's CLOSE entry and every part are one transaction; a wallet that
 * moved meanwhile (a spend, a top-up) is read again.
 */
public final class WalletCloses {
  private static final int MAX_ROUNDS = 8;
  private static final int MAX_PARTS = 30;

  private final WalletStore wallets;
  private final Refunds refunds;
  private final IdGenerator ids;
  private final Clock clock;

  WalletCloses(WalletStore wallets, Refunds refunds, IdGenerator ids, Clock clock) {
    this.wallets = wallets;
    this.refunds = refunds;
    this.ids = ids;
    this.clock = clock;
  }

  /** What a close came to: the principal on its way back, the bonus forfeited, and the parts. */
  public record Closed(
      String venueId,
      String currency,
      long refundedMinor,
      long forfeitedMinor,
      List<Payment> parts) {
    public Closed {
      parts = List.copyOf(parts);
    }
  }

  public Outcome<Closed> close(String userId, String venueId) {
    long refunded = 0;
    long forfeited = 0;
    List<Payment> made = new ArrayList<>();
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Instant now = clock.instant();
      Optional<Wallet> found =
          wallets.walletsOf(userId).stream().filter(w -> w.venueId().equals(venueId)).findFirst();
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no wallet at venue " + venueId);
      }
      Wallet wallet = found.get();
      WalletShare balance = wallet.balance();
      if (balance.totalMinor() == 0) {
        return Outcome.done(new Closed(venueId, wallet.currency(), refunded, forfeited, made));
      }
      Optional<List<RefundPartPlan>> parts = parts(userId, venueId, balance.principalMinor(), now);
      if (parts.isEmpty()) {
        continue; // a payment moved since it was read
      }
      long back = parts.get().stream().mapToLong(p -> p.part().refund().minor()).sum();
      if (back == 0 && balance.principalMinor() > 0) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION,
            "the wallet's principal has no top-up payment left to go back to; ask the venue");
      }
      LedgerEntry entry =
          LedgerEntry.debit(
              userId,
              venueId,
              LedgerEntry.Kind.CLOSE,
              new WalletShare(back, balance.bonusMinor()),
              wallet.currency(),
              "C" + ids.newId(),
              now);
      if (!wallets.close(entry, parts.get(), Change.by(userId, now, "wallet closed"))) {
        continue; // the wallet or a payment moved: read both again
      }
      refunded += back;
      forfeited += balance.bonusMinor();
      for (RefundPartPlan plan : parts.get()) {
        made.add(plan.part());
        refunds.attemptNow(plan.part());
      }
      round = -1; // a step done: the rest (if any) in the next, from a fresh read
    }
    return Outcome.refused(Refusal.THROTTLED, "the wallet is busy; try again");
  }

  /**
   * Refund parts of {@code principal} over the member's top-ups at the venue, newest first, at most
   * {@link #MAX_PARTS}; empty when a payment moved while they were planned.
   */
  private Optional<List<RefundPartPlan>> parts(
      String userId, String venueId, long principal, Instant now) {
    List<RefundPartPlan> plans = new ArrayList<>();
    long left = principal;
    for (TopUp topUp : wallets.paidTopUps(userId, venueId)) {
      if (left == 0 || plans.size() == MAX_PARTS || topUp.paymentNo().isEmpty()) {
        break;
      }
      String paymentNo = topUp.paymentNo().get();
      long refundable = refunds.refundable(paymentNo).map(Money::minor).orElse(0L);
      long part = Math.min(left, refundable);
      if (part == 0) {
        continue;
      }
      Optional<RefundPartPlan> plan =
          refunds.partOf(paymentNo, new Money(part, topUp.plan().pay().currency()), now);
      if (plan.isEmpty()) {
        return Optional.empty();
      }
      plans.add(plan.get());
      left -= part;
    }
    return Optional.of(plans);
  }
}
