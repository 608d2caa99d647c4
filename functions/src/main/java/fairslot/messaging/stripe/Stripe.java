package fairslot.messaging.stripe;

import fairslot.payment.app.ProviderRefs;
import java.time.Clock;

/** Stripe for one account: the provider and its webhook's verification. */
public record Stripe(StripeProvider provider, StripeWebhooks webhooks) {

  public static Stripe of(StripeConfig config, ProviderRefs refs, Clock clock) {
    return new Stripe(new StripeProvider(config, refs), new StripeWebhooks(config, refs, clock));
  }
}
