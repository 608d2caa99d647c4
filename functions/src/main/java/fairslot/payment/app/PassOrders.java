package fairslot.payment.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatIdentityStore;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.pass.app.PassStore;
import fairslot.pass.app.PassStore.PayStart;
import fairslot.pass.app.PassStore.Settled;
import fairslot.pass.app.PrepaidCheck;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.payment.app.Order.Recorded;
import fairslot.payment.app.PaymentProvider.Payer;
import fairslot.payment.domain.PayerDescription;
import java.time.Clock;
import java.util.Optional;

/**
 * A pass as what is paid for: its order for checkout, and the provider's outcome applied to it (the
 * webhook names {@code passId}): paid, the pass is ACTIVE from the moment it is paid.
 */
final class PassOrders {
  private static final int MAX_ROUNDS = 6;

  private final PassStore passes;
  private final PaymentStore payments;
  private final Clock clock;
  private final WechatIdentityStore wechat;
  private final CatalogStore catalog;
  private final PrepaidCheck prepaid;

  PassOrders(
      PassStore passes,
      PaymentStore payments,
      Clock clock,
      WechatIdentityStore wechat,
      CatalogStore catalog,
      PrepaidCheck prepaid) {
    this.prepaid = prepaid;
    this.wechat = wechat;
    this.catalog = catalog;
    this.passes = passes;
    this.payments = payments;
    this.clock = clock;
  }

  /** The member's PENDING_PAY pass as an order: its plan's price, with no deadline of its own. */
  Outcome<Order> order(String userId, String passId) {
    Optional<Pass> found = passes.findPass(userId, passId);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no pass " + passId);
    }
    Pass pass = found.get();
    if (pass.status() != PassStatus.PENDING_PAY) {
      return Outcome.refused(
          Refusal.INVALID_TRANSITION, "a " + pass.status() + " pass cannot be paid");
    }
    // A pass holds no seat, so its provider order has no deadline of its own.
    Payer payer =
        new Payer(
            userId,
            pass.plan().price(),
            () -> wechat.openId(userId),
            Optional.empty(),
            () ->
                PayerDescription.ofPass(
                    catalog.findVenue(pass.venueId()).map(v -> v.name()).orElse(""),
                    pass.plan().name()));
    return Outcome.done(new Order(payer, pass.paymentNo(), payment -> record(pass, payment)));
  }

  /**
   * The payment, on condition the pass is still PENDING_PAY and without one; where the venue has
   * prepaid rules, the pass is bound to them here, with the judgement's claim.
   */
  private Recorded record(Pass pass, Payment payment) {
    return PrepaidStarts.bound(
        () -> prepaid.claim(pass.userId(), pass.venueId(), pass.plan().prepaid(0)),
        claim -> {
          PayStart started =
              passes.startPayment(
                  pass,
                  payment,
                  claim,
                  Change.by(payment.userId(), payment.createdAt(), "customer pays for a pass"));
          if (started instanceof PayStart.AlreadyStarted already) {
            return Optional.of(new Recorded.AlreadyStarted(already.paymentNo()));
          }
          if (started instanceof PayStart.VenueDisabled) {
            return Optional.of(new Recorded.Refused(Refusal.DISABLED, "the venue is disabled"));
          }
          if (started instanceof PayStart.NotPayable no) {
            return Optional.of(
                new Recorded.Refused(
                    Refusal.INVALID_TRANSITION,
                    "a " + no.current().status() + " pass cannot be paid"));
          }
          return started instanceof PayStart.Started
              ? Optional.of(new Recorded.Started())
              : Optional.empty(); // contended: judge again
        });
  }

  /** Applies a verified provider event to a pass's payment; replays change nothing. */
  Outcome<PaymentService.Applied> settle(PaymentCallback event, Payment found) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Payment payment = round == 0 ? found : payments.findPayment(found.paymentNo()).orElseThrow();
      Optional<Pass> pass = passes.findPass(payment.userId(), payment.payable().id());
      if (pass.isEmpty()) {
        throw new IllegalStateException("payment " + payment.paymentNo() + " names a missing pass");
      }
      Settled settled =
          passes.settlePayment(
              event.eventId(),
              payment,
              pass.get(),
              event.outcome(),
              Change.by("provider", clock.instant(), "pass payment " + event.outcome()));
      if (settled == Settled.APPLIED) {
        return Outcome.done(PaymentService.Applied.APPLIED);
      }
      if (settled == Settled.DUPLICATE) {
        return Outcome.done(PaymentService.Applied.DUPLICATE);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the pass is busy; the provider should retry");
  }
}
