package fairslot.coupon.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.kernel.Money;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** A coupon's terms and what it takes off a price. */
class CouponTest {
  private static final Instant FROM = Instant.parse("2026-12-01T00:00:00Z");
  private static final Instant TO = Instant.parse("2027-01-01T00:00:00Z");

  private static Coupon coupon(Discount d, Optional<Money> minSpend, Set<String> resources) {
    return new Coupon(
        "v1", "SPRING", d, Optional.of("CNY"), 10, 1, FROM, TO, minSpend, resources, FROM, 0);
  }

  @Property
  void aPercentOffTakesTheShareRoundedDownAndNeverMoreThanThePrice(
      @ForAll @LongRange(min = 0, max = 10_000_000) long price,
      @ForAll @IntRange(min = 1, max = 100) int percent) {
    Money off = new Discount.PercentOff(percent).on(new Money(price, "CNY"));
    assertThat(off.minor()).isLessThanOrEqualTo(price);
    assertThat(off.minor() * 100).isLessThanOrEqualTo(price * percent);
    assertThat((off.minor() + 1) * 100).isGreaterThan(price * percent);
  }

  @Property
  void anAmountOffTakesAtMostThePrice(
      @ForAll @LongRange(min = 0, max = 10_000_000) long price,
      @ForAll @LongRange(min = 1, max = 10_000_000) long amount) {
    Money off = new Discount.AmountOff(new Money(amount, "CNY")).on(new Money(price, "CNY"));
    assertThat(off.minor()).isEqualTo(Math.min(price, amount));
  }

  @Test
  void aCouponAppliesOnlyInsideItsDatesResourcesSpendAndCurrency() {
    Coupon c =
        coupon(new Discount.PercentOff(10), Optional.of(new Money(3000, "CNY")), Set.of("court-1"));
    Money price = new Money(5000, "CNY");
    Instant during = Instant.parse("2026-12-15T00:00:00Z");

    assertThat(c.whyNot("v1", "court-1", price, during)).isEmpty();
    assertThat(c.whyNot("v2", "court-1", price, during)).isPresent();
    assertThat(c.whyNot("v1", "court-2", price, during)).isPresent();
    assertThat(c.whyNot("v1", "court-1", new Money(2999, "CNY"), during)).isPresent();
    assertThat(c.whyNot("v1", "court-1", new Money(5000, "JPY"), during)).isPresent();
    assertThat(c.whyNot("v1", "court-1", price, FROM.minusMillis(1))).isPresent();
    assertThat(c.whyNot("v1", "court-1", price, FROM)).isEmpty();
    assertThat(c.whyNot("v1", "court-1", price, TO)).isPresent();
    assertThat(c.useOn(price)).isEqualTo(new CouponUse("SPRING", price, new Money(500, "CNY"), 1));
  }

  @Test
  void termsOutOfRangeAreRefused() {
    Discount ten = new Discount.PercentOff(10);
    assertThatThrownBy(() -> new Discount.PercentOff(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Discount.PercentOff(101))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new Coupon(
                    "v1",
                    "SPRING",
                    ten,
                    Optional.empty(),
                    10,
                    11,
                    FROM,
                    TO,
                    Optional.empty(),
                    Set.of(),
                    FROM,
                    0))
        .hasMessageContaining("perMember");
    assertThatThrownBy(
            () ->
                new Coupon(
                    "v1",
                    "SPRING",
                    ten,
                    Optional.empty(),
                    10,
                    1,
                    TO,
                    FROM,
                    Optional.empty(),
                    Set.of(),
                    FROM,
                    0))
        .hasMessageContaining("validTo");
    assertThatThrownBy(
            () ->
                new Coupon(
                    "v1",
                    "SPRING",
                    new Discount.AmountOff(new Money(100, "CNY")),
                    Optional.empty(),
                    10,
                    1,
                    FROM,
                    TO,
                    Optional.empty(),
                    Set.of(),
                    FROM,
                    0))
        .hasMessageContaining("currency");
  }

  @Test
  void codesAreKeptInUpperCaseAndOnlyLettersDigitsDashAndUnderscore() {
    assertThat(Coupon.normalized("spring-10")).contains("SPRING-10");
    assertThat(Coupon.normalized(" SPRING")).isEmpty();
    assertThat(Coupon.normalized("SP")).isEmpty();
    assertThat(Coupon.normalized("SPRING 10")).isEmpty();
  }
}
