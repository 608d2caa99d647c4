package fairslot.money.domain;

import fairslot.kernel.Money;
import java.time.Duration;

/**
 * What a member is about to hold in prepaid value at a venue, as the prepaid rules count it: stored
 * value, a pack of sessions or a membership. {@code fromStoredValueMinor} is the principal a
 * purchase paid from the wallet takes out of the stored value it counts.
 */
public sealed interface PrepaidPurchase {
  Money price();

  /** The principal it moves out of the wallet: value changing form, not new value. */
  default long fromStoredValueMinor() {
    return 0;
  }

  /** The same purchase paid with {@code principalMinor} of the wallet's principal. */
  default PrepaidPurchase fromStoredValue(long principalMinor) {
    if (this instanceof Pack k) {
      return new Pack(k.price(), k.sessions(), principalMinor);
    }
    if (this instanceof Membership m) {
      return new Membership(m.price(), m.validity(), principalMinor);
    }
    return this; // stored value is not bought with stored value
  }

  record StoredValue(Money price) implements PrepaidPurchase {}

  record Pack(Money price, int sessions, long fromStoredValueMinor) implements PrepaidPurchase {}

  record Membership(Money price, Duration validity, long fromStoredValueMinor)
      implements PrepaidPurchase {}
}
