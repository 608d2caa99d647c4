package fairslot.kernel;

import java.util.regex.Pattern;

/** An amount in integer minor units of an ISO-4217 currency. */
public record Money(long minor, String currency) {
  private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

  public Money {
    if (minor < 0) {
      throw new IllegalArgumentException("amount must not be negative");
    }
    if (!CURRENCY.matcher(currency).matches()) {
      throw new IllegalArgumentException("currency must be three upper-case letters");
    }
  }

  public Money times(int quantity) {
    return new Money(Math.multiplyExact(minor, quantity), currency);
  }

  /** The sum of two amounts of one currency. */
  public Money plus(Money other) {
    if (!currency.equals(other.currency)) {
      throw new IllegalArgumentException(currency + " and " + other.currency + " do not add up");
    }
    return new Money(Math.addExact(minor, other.minor), currency);
  }

  public boolean isFree() {
    return minor == 0;
  }
}
