package fairslot.payment.app;

import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.util.Map;
import java.util.Optional;

/**
 * What a provider will not charge (API.md v1.3), refused before any order is made: below its
 * minimum in the currency, 422 {@code amount_below_minimum} naming the minimum; not a multiple of
 * its step (Stripe takes three-decimal amounts ending in 0), 422 {@code invalid_request}.
 */
public final class ProviderLimits {
  private ProviderLimits() {}

  public static <T> Optional<Outcome<T>> refused(PaymentProvider provider, Money amount) {
    Optional<Long> minimum = provider.minimumMinor(amount.currency());
    if (minimum.isPresent() && amount.minor() < minimum.get()) {
      return Optional.of(
          Outcome.refused(
              Refusal.AMOUNT_BELOW_MINIMUM,
              provider.name()
                  + " charges at least "
                  + minimum.get()
                  + " minor units of "
                  + amount.currency(),
              Map.of("minimumMinor", minimum.get(), "currency", amount.currency())));
    }
    long step = provider.minorStep(amount.currency());
    if (amount.minor() % step != 0) {
      return Optional.of(
          Outcome.refused(
              Refusal.INVALID_REQUEST,
              provider.name()
                  + " takes "
                  + amount.currency()
                  + " amounts in multiples of "
                  + step
                  + " minor units"));
    }
    return Optional.empty();
  }
}
