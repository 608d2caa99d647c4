package fairslot.pass.app;

import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.domain.WalletShare;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.Plan;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/** Port: the plans venues sell and the passes members hold. */
public interface PassStore {

  /**
   * Writes the plan once: a second create with the same id changes nothing. False, and nothing
   * written, when the plan's venue is DISABLED (decided in the write).
   */
  boolean createPlan(Plan plan, Change change);

  Optional<Plan> findPlan(String planId);

  /** A venue's plans, oldest first. */
  Page<Plan> plansOf(String venueId, PageRequest page);

  /** The member's pass; empty for a pass that is not theirs. */
  Optional<Pass> findPass(String userId, String passId);

  /** The pass {@code passId} whoever holds it (read through its holder item): staff's refund. */
  Optional<Pass> findPass(String passId);

  /**
   * A refund of a paid pass (v1.3) in one transaction: the pass becomes {@code after} (its credits
   * left voided, a membership ended) on condition it is as {@code read}; the payment holds as the
   * plan read it; the refund part is put to be paid back; both audits; with an Idempotency-Key, the
   * answer under it. Nothing is written when the pass or its payment moved since they were read
   * ({@link KeyedWrite.Moved}) or the key already answered ({@link KeyedWrite.Replay}).
   */
  KeyedWrite refund(
      Pass read, Pass after, RefundPartPlan plan, Optional<Replayable> answer, Change change);

  /** The member's passes, in id order, read strongly consistent. */
  Page<Pass> passesOf(String userId, PageRequest page);

  /**
   * Writes a new pass once (same id twice: the first stays) and returns it as stored; nothing
   * written when the plan's venue is DISABLED (decided in the write) or, with a claim, another
   * purchase moved the member's prepaid guard since it was judged.
   */
  Created createPass(Pass pass, Optional<PrepaidClaim> claim, Change change);

  sealed interface Created {
    record Made(Pass pass) implements Created {}

    record VenueDisabled() implements Created {}

    /** Another purchase moved the member's prepaid guard since it was read: judge again. */
    record Contended() implements Created {}
  }

  /**
   * Records a new payment for a PENDING_PAY pass that has none yet: the pass names it, in one
   * transaction with the payment item, on condition the pass's venue is not DISABLED.
   */
  PayStart startPayment(Pass pass, Payment payment, Optional<PrepaidClaim> claim, Change change);

  sealed interface PayStart {
    record Started() implements PayStart {}

    record AlreadyStarted(String paymentNo) implements PayStart {}

    record NotPayable(Pass current) implements PayStart {}

    /** The venue is DISABLED: it takes no payment for a new pass. */
    record VenueDisabled() implements PayStart {}

    /** Another purchase moved the member's prepaid guard since it was read: judge again. */
    record Contended() implements PayStart {}
  }

  /**
   * Applies a provider event to a pass's payment, the event id remembered in the same transaction
   * (a replay is {@link Settled#DUPLICATE}). A success activates the pass from {@code change.at()};
   * a failure lets the member pay again; anything else is noted.
   */
  Settled settlePayment(
      String eventId, Payment payment, Pass pass, PaymentCallback.Outcome outcome, Change change);

  /**
   * A PENDING_PAY pass with no payment started, paid from the member's wallet at its venue (v1.3
   * "One ledger") in one transaction: the wallet payment (SUCCEEDED) with the share it took, the
   * pass ACTIVE from {@code change.at()} with its sale record, and the wallet debited with its
   * SPEND entry, on condition each part of the balance covers its part.
   */
  WalletPay payFromWallet(
      Pass pass, Payment payment, WalletShare share, Optional<PrepaidClaim> claim, Change change);

  /** What paying a pass from the wallet came to. */
  enum WalletPay {
    PAID,
    /** A part of the balance no longer covers its share: nothing written. */
    SHORT_OF_FUNDS,
    VENUE_DISABLED,
    /**
     * The pass moved (paid, a payment started) since it was read, or another purchase moved the
     * member's prepaid guard.
     */
    STALE
  }

  /**
   * ACTIVE passes whose validity has ended by {@code now} (sparse passesDue index), and how many
   * items the queries read to find them.
   */
  DuePasses duePasses(Instant now, int limit);

  record DuePasses(List<Pass> passes, int itemsRead) {}

  /** ACTIVE to EXPIRED, on condition it is still ACTIVE and due; false if it was not. */
  boolean expire(Pass pass, Change change);

  /** The prices of the passes of a venue paid on its local {@code day} (the daily report). */
  List<Money> salesOn(String venueId, LocalDate day);

  /** The pass refund parts made at a venue on its local {@code day} (the daily report). */
  List<Money> refundsOn(String venueId, LocalDate day);

  enum Settled {
    APPLIED,
    DUPLICATE,
    /** The pass or payment moved since they were read: read again and decide again. */
    STALE
  }
}
