package fairslot.wallet.app;

import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.domain.Wallet;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Port: the wallet plans venues sell, members' top-ups, their wallets and ledgers. */
public interface WalletStore {

  /** Writes the plan once (same id again: the first stands); false when the venue is DISABLED. */
  boolean createPlan(WalletPlan plan, Change change);

  Optional<WalletPlan> findPlan(String planId);

  /** A venue's wallet plans, oldest first. */
  Page<WalletPlan> plansOf(String venueId, PageRequest page);

  /**
   * Writes the top-up once (same id again: the first, as stored); empty when the venue is DISABLED.
   */
  Optional<TopUp> createTopUp(TopUp topUp, Change change);

  /** The member's top-up; empty for one that is not theirs. */
  Optional<TopUp> findTopUp(String userId, String topUpId);

  /**
   * The top-up names {@code payment}, written with it, on condition it is unpaid and names none;
   * with a claim, the member's prepaid guard moves on from what it was judged on, in the same
   * transaction.
   */
  Start startPayment(TopUp topUp, Payment payment, Optional<PrepaidClaim> claim, Change change);

  sealed interface Start {
    record Started() implements Start {}

    record AlreadyStarted(String paymentNo) implements Start {}

    record NotPayable(TopUp current) implements Start {}

    /** Another purchase moved the member's prepaid guard since it was read: judge again. */
    record Contended() implements Start {}
  }

  /** The member's prepaid guard at a venue now: read before the holdings it judges. */
  long prepaidSeen(String userId, String venueId);

  /**
   * A provider's outcome for a top-up's payment, the event remembered in the same transaction. A
   * success (after a failure too: the money was taken) marks the top-up PAID and credits the wallet
   * with its plan's pay and bonus and their ledger entry, once; a failure lets the member pay
   * again.
   */
  Settled settlePayment(
      String eventId, Payment payment, TopUp topUp, PaymentCallback.Outcome outcome, Change change);

  enum Settled {
    APPLIED,
    DUPLICATE,
    /** The top-up or payment moved since they were read: read again and decide again. */
    STALE
  }

  /** The member's PAID top-ups at a venue, newest first. */
  List<TopUp> paidTopUps(String userId, String venueId);

  /** The member's top-ups at a venue still unpaid whose payment has started, newest first. */
  List<TopUp> startedTopUps(String userId, String venueId);

  /**
   * A close (or one step of it) in one transaction: the wallet emptied by {@code entry} on
   * condition its bonus is still what the entry forfeits and its principal covers what it refunds,
   * the entry put, and each of {@code parts} put to be refunded to its top-up's payment on
   * condition that payment is as read. False, and nothing written, when any of them moved.
   */
  boolean close(LedgerEntry entry, List<RefundPartPlan> parts, Change change);

  /** Every ledger entry of the venue's wallets made before {@code end} (its liabilities). */
  List<LedgerEntry> venueEntriesBefore(String venueId, Instant end);

  /** The member's wallets, by venue. */
  List<Wallet> walletsOf(String userId);

  /** A wallet's ledger, oldest first. */
  Page<LedgerEntry> ledger(String userId, String venueId, PageRequest page);
}
