package fairslot.payment.app;

import java.util.Optional;

/**
 * Port: the provider's own id for one of fairslot's numbers (a Stripe PaymentIntent for a payment
 * number, a Stripe refund for a refund number), named once: the first name stands, so a retry that
 * found the same object names the same id and a different one is never taken.
 */
public interface ProviderRefs {

  Optional<String> ref(String number);

  /** Names {@code ref} for {@code number} unless one is named; answers the one that stands. */
  String name(String number, String ref);
}
