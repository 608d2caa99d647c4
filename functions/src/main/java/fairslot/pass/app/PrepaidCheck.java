package fairslot.pass.app;

import fairslot.kernel.Outcome;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.PrepaidPurchase;
import java.util.Optional;

/**
 * Port: a purchase judged by its venue's prepaid rules (API.md v1.3 "Prepaid rules") on everything
 * the member holds there, passes and stored value alike; implemented above, where both are seen.
 */
public interface PrepaidCheck {
  /**
   * The claim a purchase's transaction makes (empty where the venue has no prepaid rules), or
   * PREPAID_LIMIT with the reason when the purchase would take the member beyond a limit.
   */
  Outcome<Optional<PrepaidClaim>> claim(String userId, String venueId, PrepaidPurchase purchase);

  /**
   * Judged only, to answer a purchase before it is paid: refused when no way of paying it (from the
   * wallet as far as the wallet's principal goes, or through a provider) fits the rules.
   */
  Outcome<Optional<PrepaidClaim>> early(String userId, String venueId, PrepaidPurchase purchase);
}
