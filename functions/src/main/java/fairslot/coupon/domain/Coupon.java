package fairslot.coupon.domain;

import fairslot.kernel.Money;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A venue's promotion code (API.md v1.3 "Coupons"). Its terms never change once made; {@code
 * redeemed} counts the bookings holding a redemption (one that ended unpaid gave its back). The
 * booking transaction's conditions state {@link #maxRedemptions} and {@link #perMember}.
 */
public record Coupon(
    String venueId,
    String code,
    Discount discount,
    Optional<String> currency,
    int maxRedemptions,
    int perMember,
    Instant validFrom,
    Instant validTo,
    Optional<Money> minSpend,
    Set<String> resourceIds,
    Instant createdAt,
    int redeemed) {

  /** Letters, digits, '-' and '_', as members type them; kept in upper case. */
  public static final Pattern CODE = Pattern.compile("[A-Z0-9_-]{3,32}");

  public static final int MAX_REDEMPTIONS = 1_000_000;

  public Coupon {
    resourceIds = Set.copyOf(resourceIds);
    if (!CODE.matcher(code).matches()) {
      throw new IllegalArgumentException(
          "code must be 3 to 32 letters, digits, '-' or '_' (kept in upper case)");
    }
    if (maxRedemptions < 1 || maxRedemptions > MAX_REDEMPTIONS) {
      throw new IllegalArgumentException("maxRedemptions must be from 1 to 1,000,000");
    }
    if (perMember < 1 || perMember > maxRedemptions) {
      throw new IllegalArgumentException("perMember must be from 1 to maxRedemptions");
    }
    if (!validTo.isAfter(validFrom)) {
      throw new IllegalArgumentException("validTo must be after validFrom");
    }
    if (discount instanceof Discount.AmountOff off
        && !currency.map(off.amount().currency()::equals).orElse(false)) {
      throw new IllegalArgumentException("an amount off names its currency");
    }
    if (minSpend.isPresent() && !minSpend.get().currency().equals(currency.orElse(""))) {
      throw new IllegalArgumentException("a minimum spend names its currency");
    }
  }

  /** A code as a member typed it, as coupons keep it; empty if it cannot be one. */
  public static Optional<String> normalized(String typed) {
    String upper = typed.toUpperCase(Locale.ROOT);
    return CODE.matcher(upper).matches() ? Optional.of(upper) : Optional.empty();
  }

  /**
   * Why this coupon does not apply to {@code price} for a slot of {@code resourceId} booked at
   * {@code now}; empty when it does. Limits are the transaction's to judge, not this.
   */
  public Optional<String> whyNot(String slotVenueId, String resourceId, Money price, Instant now) {
    if (!slotVenueId.equals(venueId)) {
      return Optional.of("the coupon is not for this venue");
    }
    if (now.isBefore(validFrom)) {
      return Optional.of("the coupon is valid from " + validFrom);
    }
    if (!now.isBefore(validTo)) {
      return Optional.of("the coupon expired at " + validTo);
    }
    if (!resourceIds.isEmpty() && !resourceIds.contains(resourceId)) {
      return Optional.of("the coupon is not for this resource");
    }
    if (currency.isPresent() && !currency.get().equals(price.currency())) {
      return Optional.of("the coupon is for prices in " + currency.get());
    }
    if (minSpend.isPresent() && price.minor() < minSpend.get().minor()) {
      return Optional.of("the coupon needs a spend of at least " + minSpend.get().minor());
    }
    if (price.isFree()) {
      return Optional.of("nothing to take off a free booking");
    }
    return Optional.empty();
  }

  /** The redemption a booking at {@code price} takes. */
  public CouponUse useOn(Money price) {
    return new CouponUse(code, price, discount.on(price), perMember);
  }
}
