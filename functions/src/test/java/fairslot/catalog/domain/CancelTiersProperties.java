package fairslot.catalog.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

class CancelTiersProperties {
  private static final Instant START = Instant.parse("2027-03-01T10:00:00Z");

  /** Valid tier lists: distinct befores, percents never rising nearer the start. */
  @Provide
  Arbitrary<CancelTiers> tiers() {
    return Combinators.combine(
            Arbitraries.longs().between(0, 500).set().ofMinSize(1).ofMaxSize(5),
            Arbitraries.integers().between(1, 100).list().ofSize(5))
        .as(
            (befores, percents) -> {
              List<Long> sorted = new ArrayList<>(befores);
              sorted.sort(java.util.Comparator.reverseOrder());
              List<Integer> falling = new ArrayList<>(percents.subList(0, sorted.size()));
              falling.sort(java.util.Comparator.reverseOrder());
              List<CancelTier> out = new ArrayList<>();
              for (int i = 0; i < sorted.size(); i++) {
                out.add(new CancelTier(Duration.ofMinutes(sorted.get(i)), falling.get(i)));
              }
              java.util.Collections.shuffle(out);
              return new CancelTiers(out);
            });
  }

  @Property
  void aLaterCancelNeverGetsMoreBackAndNeverMoreThanWasPaid(
      @ForAll("tiers") CancelTiers tiers,
      @ForAll @LongRange(min = 0, max = 1_000_000) long paidMinor,
      @ForAll @LongRange(min = -600, max = 10) long earlierMinutes,
      @ForAll @LongRange(min = 0, max = 600) long laterBy) {
    Money paid = new Money(paidMinor, "CNY");
    Instant earlier = START.plus(Duration.ofMinutes(earlierMinutes));
    Instant later = earlier.plus(Duration.ofMinutes(laterBy));

    long first = refund(tiers, paid, earlier).orElse(-1L);
    long second = refund(tiers, paid, later).orElse(-1L);

    assertThat(second).isLessThanOrEqualTo(first);
    assertThat(first).isLessThanOrEqualTo(paidMinor);
  }

  @Property
  void refundsEndExactlyWhenTheLastTierCloses(
      @ForAll("tiers") CancelTiers tiers,
      @ForAll @LongRange(min = -600, max = 10) long nowMinutes) {
    Instant now = START.plus(Duration.ofMinutes(nowMinutes));

    assertThat(tiers.at(START, now).isPresent())
        .isEqualTo(now.isBefore(tiers.closesAt(START).orElseThrow()));
  }

  @Property
  void theStoredFormReadsBackAsTheSameTiers(@ForAll("tiers") CancelTiers tiers) {
    assertThat(CancelTiers.decode(tiers.encode())).isEqualTo(tiers);
  }

  private static Optional<Long> refund(CancelTiers tiers, Money paid, Instant at) {
    return tiers.at(START, at).map(t -> CancelTiers.refundOf(paid, t).minor());
  }
}
