package fairslot.membership.app;

import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPlan;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.WalletShare;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Port: membership plans and members' memberships (API.md v1.3 "Memberships"). Every write is one
 * transaction on condition the membership is at the version read.
 */
public interface MembershipStore {

  /** A new plan, listed under its venue; false if the venue does not sell (disabled, unknown). */
  boolean createPlan(MembershipPlan plan, Change change);

  Optional<MembershipPlan> findPlan(String planId);

  Page<MembershipPlan> plansOf(String venueId, PageRequest page);

  /** A new membership (PENDING_PAY); empty if its venue does not sell. A twin returns the first. */
  Optional<Membership> create(Membership membership, Change change);

  Optional<Membership> find(String userId, String membershipId);

  /** The member's memberships, newest first. */
  List<Membership> of(String userId);

  /** Its first payment started, on condition it is PENDING_PAY with none started. */
  Start startPayment(Membership seen, Payment payment, Change change);

  /**
   * A provider's outcome applied to its first payment: SUCCEEDED makes it {@code activated} (on
   * condition it is as {@code seen} and names the payment or none), FAILED forgets the payment so
   * the member may pay again. The event id is remembered: a replay is {@link Settled#DUPLICATE}.
   */
  Settled settlePayment(
      String eventId,
      Payment payment,
      Membership seen,
      Membership activated,
      PaymentCallback.Outcome outcome,
      Change change);

  /**
   * {@code seen} moved to {@code after} with a wallet payment of it, in one transaction: the
   * payment (SUCCEEDED), its share, the wallet's debit and SPEND entry. The payment's number is
   * new, so the same period is never charged twice. False if the membership moved or the wallet
   * holds less.
   */
  boolean paidFromWallet(
      Membership seen,
      Membership after,
      Payment payment,
      WalletShare share,
      String venueId,
      Change change);

  /** {@code seen} moved to {@code after} (cancel, past due, expired), on its version. */
  boolean move(Membership seen, Membership after, Change change);

  /** Memberships the renewal job should look at by {@code now}, oldest due first. */
  List<Membership> due(Instant now, int limit);

  sealed interface Start {
    record Started() implements Start {}

    record AlreadyStarted(String paymentNo) implements Start {}

    record NotPayable(Membership current) implements Start {}
  }

  enum Settled {
    APPLIED,
    DUPLICATE,
    STALE
  }
}
