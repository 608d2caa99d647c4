package fairslot.handler;

import fairslot.booking.app.BookingQueue;
import fairslot.booking.app.EventPublisher;
import fairslot.notification.app.NotificationSender;
import fairslot.payment.app.PaymentProvider;
import java.util.Optional;

/** The adapters that differ between AWS, the local runtime and tests. */
public record Adapters(
    EventPublisher events,
    PaymentProvider payments,
    NotificationSender notifications,
    BookingQueue bookingQueue,
    fairslot.member.app.ContactCodeSender codes,
    Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay,
    Optional<fairslot.messaging.stripe.StripeConfig> stripe) {

  /** A wiring without Stripe. */
  public Adapters(
      EventPublisher events,
      PaymentProvider payments,
      NotificationSender notifications,
      BookingQueue bookingQueue,
      fairslot.member.app.ContactCodeSender codes,
      Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay) {
    this(events, payments, notifications, bookingQueue, codes, wechatPay, Optional.empty());
  }

  /** A wiring that sends no verification codes (benchmarks, chaos, route checks). */
  public Adapters(
      EventPublisher events,
      PaymentProvider payments,
      NotificationSender notifications,
      BookingQueue bookingQueue) {
    this(events, payments, notifications, bookingQueue, fairslot.member.app.ContactCodeSender.NONE);
  }

  /** A wiring without WeChat Pay. */
  public Adapters(
      EventPublisher events,
      PaymentProvider payments,
      NotificationSender notifications,
      BookingQueue bookingQueue,
      fairslot.member.app.ContactCodeSender codes) {
    this(events, payments, notifications, bookingQueue, codes, Optional.empty());
  }

  /** Stripe, when configured, keeping its references to fairslot's payments in {@code refs}. */
  Optional<fairslot.messaging.stripe.Stripe> stripeOn(
      fairslot.payment.app.ProviderRefs refs, java.time.Clock clock) {
    return stripe.map(config -> fairslot.messaging.stripe.Stripe.of(config, refs, clock));
  }

  /** The online providers, the default ({@code payments}) first, each once. */
  java.util.List<PaymentProvider> onlineProviders(
      Optional<fairslot.messaging.stripe.Stripe> stripe) {
    java.util.Map<String, PaymentProvider> byName = new java.util.LinkedHashMap<>();
    byName.put(payments.name(), payments);
    wechatPay.ifPresent(w -> byName.putIfAbsent(w.provider().name(), w.provider()));
    stripe.ifPresent(st -> byName.putIfAbsent(st.provider().name(), st.provider()));
    return java.util.List.copyOf(byName.values());
  }
}
