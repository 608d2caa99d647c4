package fairslot.booking.domain;

import fairslot.kernel.Money;
import java.util.Optional;

/**
 * Money that went back to the payer while the booking stayed what it is: refund parts (a cheaper
 * reschedule's difference, a refund of part of the price by staff) and a dispute the venue lost.
 * The booking's {@code amount} is what the venue keeps of the price; the parts are beside it.
 */
public record MoneyBack(Optional<Money> parts, Optional<Money> disputed) {
  public static final MoneyBack NONE = new MoneyBack(Optional.empty(), Optional.empty());

  /** These with {@code part} more refunded. */
  public MoneyBack plusPart(Money part) {
    return new MoneyBack(Optional.of(parts.map(p -> p.plus(part)).orElse(part)), disputed);
  }

  public MoneyBack withDisputed(Money lost) {
    return new MoneyBack(parts, Optional.of(lost));
  }

  /** The parts refunded, in minor units (0 when none). */
  public long partsMinor() {
    return parts.map(Money::minor).orElse(0L);
  }
}
