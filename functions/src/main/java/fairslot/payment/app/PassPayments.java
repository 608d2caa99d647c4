package fairslot.payment.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatIdentityStore;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.pass.app.PassStore;
import fairslot.pass.app.PassStore.PayStart;
import fairslot.pass.app.PassStore.Settled;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.payment.app.PaymentProvider.Payer;
import fairslot.payment.domain.PayerDescription;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Paying for a pass through the same provider flow as a booking: the member starts a payment, and
 * the provider's webhook (naming {@code passId}) activates the pass, from the moment it is paid.
 */
public final class PassPayments {
  private static final int MAX_ROUNDS = 6;

  private final PassStore passes;
  private final PaymentStore payments;
  private final PaymentProviders providers;
  private final Clock clock;
  private final IdGenerator ids;
  private final WechatIdentityStore wechat;
  private final CatalogStore catalog;

  public PassPayments(
      PassStore passes,
      PaymentStore payments,
      PaymentProviders providers,
      Clock clock,
      IdGenerator ids,
      WechatIdentityStore wechat,
      CatalogStore catalog) {
    this.wechat = wechat;
    this.catalog = catalog;
    this.passes = passes;
    this.payments = payments;
    this.providers = providers;
    this.clock = clock;
    this.ids = ids;
  }

  /** Starts (or returns the already started) payment of the member's PENDING_PAY pass. */
  public Outcome<Checkout> pay(String userId, String passId, Optional<String> providerName) {
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
    if (pass.paymentNo().isPresent()) {
      return existing(pass.paymentNo().get(), payer);
    }
    Optional<PaymentProvider> chosen = providers.online(providerName);
    if (chosen.isEmpty()) {
      return PaymentService.unavailable(providerName.orElseThrow(), providers);
    }
    PaymentProvider provider = chosen.get();
    Optional<Outcome<Checkout>> outOfLimits = ProviderLimits.refused(provider, pass.plan().price());
    if (outOfLimits.isPresent()) {
      return outOfLimits.get();
    }
    Optional<Refusal> refused = provider.refuses(payer);
    if (refused.isPresent()) {
      return Outcome.refused(refused.get(), provider.name() + " cannot take this payer's payment");
    }
    Instant now = clock.instant();
    Payment payment =
        new Payment(
            ids.newPaymentNo(),
            passId,
            userId,
            pass.plan().price(),
            provider.name(),
            PaymentStatus.PENDING,
            0,
            now,
            0,
            pass.plan().price(),
            true);
    PayStart started =
        passes.startPayment(pass, payment, Change.by(userId, now, "customer pays for a pass"));
    if (started instanceof PayStart.Started) {
      return Outcome.done(new Checkout(payment, provider.start(payment, payer)));
    }
    if (started instanceof PayStart.AlreadyStarted already) {
      return existing(already.paymentNo(), payer);
    }
    if (started instanceof PayStart.VenueDisabled) {
      return Outcome.refused(Refusal.DISABLED, "the venue is disabled");
    }
    Pass current = ((PayStart.NotPayable) started).current();
    return Outcome.refused(
        Refusal.INVALID_TRANSITION, "a " + current.status() + " pass cannot be paid");
  }

  /** Applies a verified provider event to a pass's payment; replays change nothing. */
  public Outcome<PaymentService.Applied> settle(PaymentCallback event, Payment found) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Payment payment = round == 0 ? found : payments.findPayment(found.paymentNo()).orElseThrow();
      Optional<Pass> pass = passes.findPass(payment.userId(), payment.bookingId());
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

  /** The venue of the pass a payment is for. */
  public Optional<String> venueOf(Payment payment) {
    return passes.findPass(payment.userId(), payment.bookingId()).map(Pass::venueId);
  }

  private Outcome<Checkout> existing(String paymentNo, Payer payer) {
    return payments
        .findPayment(paymentNo)
        .<Outcome<Checkout>>map(
            p -> Outcome.done(new Checkout(p, PaymentService.clientFor(providers, p, payer))))
        .orElseGet(() -> Outcome.refused(Refusal.NOT_FOUND, "no payment " + paymentNo));
  }
}
