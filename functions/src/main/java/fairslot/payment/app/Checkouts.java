package fairslot.payment.app;

import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletPart;
import fairslot.payment.app.Order.Recorded;
import fairslot.payment.app.PaymentProvider.Payer;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Checkout, for whatever is paid for ({@link Payable}): the order read by its own kind, then one
 * path for every kind: the provider chosen and its limits, the payment recorded with what it pays
 * for, and the client parameters. Paying again reopens the same provider order.
 */
final class Checkouts {
  private final PaymentProviders providers;
  private final PaymentStore payments;
  private final BookingOrders bookingOrders;
  private final PassOrders passOrders;
  private final TopUpOrders topUpOrders;
  private final MembershipOrders membershipOrders;
  private final WalletCheckout wallet;
  private final IdGenerator ids;
  private final Clock clock;

  Checkouts(
      PaymentProviders providers,
      PaymentStore payments,
      BookingOrders bookingOrders,
      PassOrders passOrders,
      TopUpOrders topUpOrders,
      MembershipOrders membershipOrders,
      WalletCheckout wallet,
      IdGenerator ids,
      Clock clock) {
    this.topUpOrders = topUpOrders;
    this.membershipOrders = membershipOrders;
    this.wallet = wallet;
    this.providers = providers;
    this.payments = payments;
    this.bookingOrders = bookingOrders;
    this.passOrders = passOrders;
    this.ids = ids;
    this.clock = clock;
  }

  /**
   * Starts (or returns the already started) payment of what {@code userId} pays for, with the named
   * provider or the deployment's default.
   */
  Outcome<Checkout> pay(String userId, Payable payable, Optional<String> providerName) {
    return pay(userId, payable, providerName, Optional.empty());
  }

  /**
   * As {@link #pay(String, Payable, Optional)}; from the wallet with {@code rest} (v1.3), a booking
   * the wallet cannot pay alone is paid by the wallet's whole balance and {@code rest}'s provider.
   */
  Outcome<Checkout> pay(
      String userId, Payable payable, Optional<String> providerName, Optional<String> rest) {
    if (providerName.filter(PaymentProviders.WALLET::equals).isPresent()) {
      Outcome<Checkout> whole = wallet.pay(userId, payable);
      boolean shortOfFunds =
          whole instanceof Outcome.Refused<Checkout> no
              && no.refusal() == Refusal.INSUFFICIENT_BALANCE;
      if (rest.isPresent() && shortOfFunds && payable instanceof Payable.ForBooking paid) {
        return split(userId, paid, rest.get());
      }
      return whole;
    }
    Instant now = clock.instant();
    return payable
        .match(
            booking -> bookingOrders.order(userId, booking.bookingId(), now),
            pass -> passOrders.order(userId, pass.passId()),
            topUp -> topUpOrders.order(userId, topUp.topUpId()),
            membership -> membershipOrders.order(userId, membership.membershipId()))
        .then(order -> start(order, userId, payable, providerName, now));
  }

  /** The wallet's balance and the rest's provider; a spend of the wallet meanwhile: again. */
  private Outcome<Checkout> split(String userId, Payable.ForBooking paid, String rest) {
    Outcome<Checkout> started = Outcome.refused(Refusal.THROTTLED, "the wallet is busy");
    for (int round = 0; round < SPLIT_ROUNDS; round++) {
      Instant now = clock.instant();
      started =
          bookingOrders
              .order(userId, paid.bookingId(), now, (b, at) -> wallet.partOf(userId, b, at))
              .then(order -> start(order, userId, paid, Optional.of(rest), now));
      if (!(started instanceof Outcome.Refused<Checkout> no && no.refusal() == Refusal.THROTTLED)) {
        return started;
      }
    }
    return started;
  }

  private static final int SPLIT_ROUNDS = 8;

  private Outcome<Checkout> start(
      Order order, String userId, Payable payable, Optional<String> providerName, Instant now) {
    Payer payer = order.payer();
    if (order.startedPaymentNo().isPresent()) {
      return existing(order.startedPaymentNo().get(), payer);
    }
    Optional<PaymentProvider> chosen = providers.online(providerName);
    if (chosen.isEmpty()) {
      return unavailable(providerName.orElseThrow(), providers);
    }
    PaymentProvider provider = chosen.get();
    Optional<Outcome<Checkout>> outOfLimits = ProviderLimits.refused(provider, payer.amount());
    if (outOfLimits.isPresent()) {
      return outOfLimits.get();
    }
    Optional<Refusal> refused = provider.refuses(payer);
    if (refused.isPresent()) {
      return Outcome.refused(refused.get(), provider.name() + " cannot take this payer's payment");
    }
    Payment payment =
        new Payment(
            ids.newPaymentNo(),
            payable,
            userId,
            payer.amount(),
            provider.name(),
            PaymentStatus.PENDING,
            0,
            now,
            0,
            payer.amount());
    Recorded recorded = order.record().apply(payment);
    if (recorded instanceof Recorded.Started) {
      return Outcome.done(
          new Checkout(
              payment,
              provider.start(payment, payer),
              order.walletPart().map(WalletPart::payment)));
    }
    if (recorded instanceof Recorded.AlreadyStarted already) {
      return existing(already.paymentNo(), payer);
    }
    Recorded.Refused no = (Recorded.Refused) recorded;
    return Outcome.refused(no.refusal(), no.detail());
  }

  static <T> Outcome<T> unavailable(String name, PaymentProviders providers) {
    return Outcome.refused(
        Refusal.PROVIDER_UNAVAILABLE,
        "provider " + name + " is not configured here",
        Map.of("providers", providers.onlineNames()));
  }

  /** The started payment, with its own provider's client parameters for the same order. */
  private Outcome<Checkout> existing(String paymentNo, Payer payer) {
    return payments
        .findPayment(paymentNo)
        .<Outcome<Checkout>>map(
            p ->
                Outcome.done(
                    new Checkout(
                        p,
                        clientFor(p, payer),
                        payments.walletPartOf(paymentNo).map(WalletPart::payment))))
        .orElseGet(() -> Outcome.refused(Refusal.NOT_FOUND, "no payment " + paymentNo));
  }

  /** Only a pending payment can still be paid; a settled one needs no client. */
  private Map<String, Object> clientFor(Payment p, Payer payer) {
    return p.status() == PaymentStatus.PENDING ? providers.of(p).start(p, payer) : Map.of();
  }
}
