package fairslot.payment.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatIdentityStore;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PrepaidPurchase;
import fairslot.pass.app.PrepaidCheck;
import fairslot.payment.app.Order.Recorded;
import fairslot.payment.app.PaymentProvider.Payer;
import fairslot.payment.domain.PayerDescription;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.app.WalletStore.Settled;
import fairslot.wallet.app.WalletStore.Start;
import fairslot.wallet.domain.TopUp;
import java.time.Clock;
import java.util.Optional;

/**
 * A wallet top-up as what is paid for (v1.3 "One ledger"): its order for checkout, and the
 * provider's outcome applied to it (the webhook names {@code topUpId}): paid, the wallet is
 * credited with the plan's pay and bonus in the same transaction.
 */
final class TopUpOrders {
  private static final int MAX_ROUNDS = 6;

  private final WalletStore wallets;
  private final PaymentStore payments;
  private final Clock clock;
  private final WechatIdentityStore wechat;
  private final CatalogStore catalog;
  private final PrepaidCheck prepaid;

  TopUpOrders(
      WalletStore wallets,
      PaymentStore payments,
      Clock clock,
      WechatIdentityStore wechat,
      CatalogStore catalog,
      PrepaidCheck prepaid) {
    this.prepaid = prepaid;
    this.wallets = wallets;
    this.payments = payments;
    this.clock = clock;
    this.wechat = wechat;
    this.catalog = catalog;
  }

  /** The member's unpaid top-up as an order: its plan's price, with no deadline of its own. */
  Outcome<Order> order(String userId, String topUpId) {
    Optional<TopUp> found = wallets.findTopUp(userId, topUpId);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no top-up " + topUpId);
    }
    TopUp topUp = found.get();
    if (topUp.status() != TopUp.Status.PENDING_PAY) {
      return Outcome.refused(Refusal.INVALID_TRANSITION, "a PAID top-up cannot be paid again");
    }
    Payer payer =
        new Payer(
            userId,
            topUp.plan().pay(),
            () -> wechat.openId(userId),
            Optional.empty(),
            () ->
                PayerDescription.ofPass(
                    catalog.findVenue(topUp.venueId()).map(v -> v.name()).orElse(""),
                    topUp.plan().name()));
    return Outcome.done(new Order(payer, topUp.paymentNo(), payment -> record(topUp, payment)));
  }

  /**
   * The payment started, on condition the top-up is unpaid; where the venue has prepaid rules, its
   * money is bound to them here (the member cannot pay beyond them however many pay at once).
   */
  private Recorded record(TopUp topUp, Payment payment) {
    return PrepaidStarts.bound(
        () ->
            prepaid.claim(
                topUp.userId(),
                topUp.venueId(),
                new PrepaidPurchase.StoredValue(topUp.plan().pay())),
        claim -> {
          Start started =
              wallets.startPayment(
                  topUp,
                  payment,
                  claim,
                  Change.by(payment.userId(), payment.createdAt(), "customer pays for a top-up"));
          if (started instanceof Start.AlreadyStarted already) {
            return Optional.of(new Recorded.AlreadyStarted(already.paymentNo()));
          }
          if (started instanceof Start.NotPayable) {
            return Optional.of(
                new Recorded.Refused(
                    Refusal.INVALID_TRANSITION,
                    "this top-up cannot be paid now (paid, or its venue disabled)"));
          }
          return started instanceof Start.Started
              ? Optional.of(new Recorded.Started())
              : Optional.empty(); // contended: judge again
        });
  }

  /** Applies a verified provider event to a top-up's payment; replays change nothing. */
  Outcome<PaymentService.Applied> settle(PaymentCallback event, Payment found) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Payment payment = round == 0 ? found : payments.findPayment(found.paymentNo()).orElseThrow();
      TopUp topUp =
          wallets
              .findTopUp(payment.userId(), payment.payable().id())
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "payment " + payment.paymentNo() + " names a missing top-up"));
      Settled settled =
          wallets.settlePayment(
              event.eventId(),
              payment,
              topUp,
              event.outcome(),
              Change.by("provider", clock.instant(), "top-up payment " + event.outcome()));
      if (settled == Settled.APPLIED) {
        return Outcome.done(PaymentService.Applied.APPLIED);
      }
      if (settled == Settled.DUPLICATE) {
        return Outcome.done(PaymentService.Applied.DUPLICATE);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the top-up is busy; the provider should retry");
  }
}
