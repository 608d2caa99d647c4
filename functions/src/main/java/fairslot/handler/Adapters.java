package fairslot.handler;

import fairslot.booking.app.BookingQueue;
import fairslot.catalog.app.EventPublisher;
import fairslot.member.app.ContactCodeSender;
import fairslot.messaging.stripe.Stripe;
import fairslot.messaging.stripe.StripeConfig;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.notification.app.NotificationSender;
import fairslot.payment.app.PaymentProvider;
import fairslot.payment.app.ProviderRefs;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The adapters that differ between AWS, the local runtime and tests. */
public record Adapters(
    EventPublisher events,
    PaymentProvider payments,
    NotificationSender notifications,
    BookingQueue bookingQueue,
    ContactCodeSender codes,
    Optional<WechatPay> wechatPay,
    Optional<StripeConfig> stripe) {

  /** A wiring without Stripe. */
  public Adapters(
      EventPublisher events,
      PaymentProvider payments,
      NotificationSender notifications,
      BookingQueue bookingQueue,
      ContactCodeSender codes,
      Optional<WechatPay> wechatPay) {
    this(events, payments, notifications, bookingQueue, codes, wechatPay, Optional.empty());
  }

  /** A wiring that sends no verification codes (benchmarks, chaos, route checks). */
  public Adapters(
      EventPublisher events,
      PaymentProvider payments,
      NotificationSender notifications,
      BookingQueue bookingQueue) {
    this(events, payments, notifications, bookingQueue, ContactCodeSender.NONE);
  }

  /** A wiring without WeChat Pay. */
  public Adapters(
      EventPublisher events,
      PaymentProvider payments,
      NotificationSender notifications,
      BookingQueue bookingQueue,
      ContactCodeSender codes) {
    this(events, payments, notifications, bookingQueue, codes, Optional.empty());
  }

  /** Stripe, when configured, keeping its references to fairslot's payments in {@code refs}. */
  Optional<Stripe> stripeOn(ProviderRefs refs, Clock clock) {
    return stripe.map(config -> Stripe.of(config, refs, clock));
  }

  /** The online providers, the default ({@code payments}) first, each once. */
  List<PaymentProvider> onlineProviders(Optional<Stripe> stripe) {
    Map<String, PaymentProvider> byName = new LinkedHashMap<>();
    byName.put(payments.name(), payments);
    wechatPay.ifPresent(w -> byName.putIfAbsent(w.provider().name(), w.provider()));
    stripe.ifPresent(st -> byName.putIfAbsent(st.provider().name(), st.provider()));
    return List.copyOf(byName.values());
  }
}
