package fairslot.payment.app;

import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.Change;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A pass refunded by finance (API.md v1.3): the unused credits' share of the price (or the amount
 * finance names) paid back through the pass's provider as a refund part of its payment, and the
 * credits left voided, in one transaction; then the same refund path, retries and exceptions as a
 * booking's.
 */
public final class PassRefunds {
  private static final int MAX_ROUNDS = 6;

  private final PassStore passes;
  private final Refunds refunds;
  private final Clock clock;

  PassRefunds(PassStore passes, Refunds refunds, Clock clock) {
    this.passes = passes;
    this.refunds = refunds;
    this.clock = clock;
  }

  /** What a pass refund made: the pass after it, the part, and all its payment paid back. */
  public record PassRefund(Pass pass, Payment part, Money refunded) {}

  /** The answer: the refund made now, or a twin's under the same Idempotency-Key. */
  public sealed interface Answer {
    StoredResponse response();

    record Made(PassRefund refund, StoredResponse response) implements Answer {}

    record Replayed(StoredResponse response) implements Answer {}
  }

  /**
   * {@code answer} makes the response before the write, so it is kept under {@code key} in the
   * refund's own transaction: twins racing with one key refund once and answer alike.
   */
  Outcome<Answer> refund(
      String staff,
      String passId,
      Optional<Long> amountMinor,
      Optional<String> reason,
      Optional<IdempotentRequest> key,
      Function<PassRefund, StoredResponse> answer) {
    return refund(
        staff,
        passId,
        amountMinor,
        "pass refunded by staff" + reason.map(r -> ": " + r).orElse(""),
        key,
        answer,
        pass -> Optional.empty());
  }

  /**
   * As above, for a pass {@code refusal} finds nothing against as read in each round (the refund's
   * write holds only while the pass is as read).
   */
  Outcome<Answer> refund(
      String by,
      String passId,
      Optional<Long> amountMinor,
      String why,
      Optional<IdempotentRequest> key,
      Function<PassRefund, StoredResponse> answer,
      Function<Pass, Optional<String>> refusal) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<Pass> found = passes.findPass(passId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no pass " + passId);
      }
      Pass pass = found.get();
      Optional<String> refused = refusal.apply(pass);
      if (refused.isPresent()) {
        return Outcome.refused(Refusal.INVALID_TRANSITION, refused.get());
      }
      Optional<Payment> payment = pass.paymentNo().flatMap(refunds::payment);
      if (payment.isEmpty() || payment.get().status() != PaymentStatus.SUCCEEDED) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION,
            "only a pass paid through a provider can be refunded through it; this one is "
                + pass.status()
                + payment.map(p -> " with a " + p.status() + " payment").orElse(" with none"));
      }
      Instant now = clock.instant();
      Money asked =
          amountMinor
              .map(m -> new Money(m, pass.plan().price().currency()))
              .orElseGet(() -> pass.unusedShare(now));
      if (asked.minor() == 0) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION,
            "nothing of this pass is unused; name amountMinor to refund some of its price");
      }
      long left = refunds.refundable(payment.get().paymentNo()).map(Money::minor).orElse(0L);
      if (asked.minor() > left) {
        return Outcome.refused(
            Refusal.REFUND_EXCEEDS_PAYMENT,
            "the payment holds " + left + " to refund",
            Map.of("refundableMinor", left));
      }
      Optional<RefundPartPlan> plan = refunds.partOf(payment.get().paymentNo(), asked, now);
      if (plan.isEmpty()) {
        continue; // the payment moved since it was read
      }
      Money paidBack =
          new Money(payment.get().amount().minor() - left + asked.minor(), asked.currency());
      PassRefund made = new PassRefund(pass.refunded(now), plan.get().part(), paidBack);
      StoredResponse response = answer.apply(made);
      KeyedWrite written =
          passes.refund(
              pass,
              made.pass(),
              plan.get(),
              key.map(k -> new Replayable(k, response)),
              Change.by(by, now, why));
      if (written instanceof KeyedWrite.Made) {
        refunds.attemptNow(made.part());
        return Outcome.done(new Answer.Made(made, response));
      }
      if (written instanceof KeyedWrite.Replay replay) {
        return Outcome.done(new Answer.Replayed(replay.response()));
      }
      if (written instanceof KeyedWrite.KeyReused) {
        return Outcome.refused(
            Refusal.IDEMPOTENCY_KEY_REUSED,
            "this Idempotency-Key was used with a different request");
      }
      // the pass or its payment moved since they were read: read again, decide again
    }
    return Outcome.refused(Refusal.THROTTLED, "the pass is busy; try again");
  }
}
