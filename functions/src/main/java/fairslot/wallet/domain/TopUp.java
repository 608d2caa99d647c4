package fairslot.wallet.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * A member's purchase of a wallet plan: PENDING_PAY until its payment succeeds, then PAID, in the
 * transaction that credits the wallet with the plan's pay and bonus and writes its ledger entry.
 */
public record TopUp(
    String topUpId,
    String userId,
    WalletPlan plan,
    Status status,
    Optional<String> paymentNo,
    Instant createdAt) {

  public enum Status {
    PENDING_PAY,
    PAID
  }

  public static TopUp unpaid(String topUpId, String userId, WalletPlan plan, Instant now) {
    return new TopUp(topUpId, userId, plan, Status.PENDING_PAY, Optional.empty(), now);
  }

  public String venueId() {
    return plan.venueId();
  }
}
