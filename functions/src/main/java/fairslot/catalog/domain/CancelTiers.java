package fairslot.catalog.domain;

import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A venue's refund steps, earliest first. A paid cancel is refunded by the first tier whose {@code
 * before} is still ahead of the start; past every tier the customer may no longer cancel. No tiers
 * means the venue's {@code cancelCutoff} acts as one 100 % tier ({@link #orCutoff}).
 */
public record CancelTiers(List<CancelTier> tiers) {
  public static final int MAX_TIERS = 5;
  public static final CancelTiers NONE = new CancelTiers(List.of());

  public CancelTiers {
    if (tiers.size() > MAX_TIERS) {
      throw new IllegalArgumentException("cancelTiers may have at most " + MAX_TIERS + " tiers");
    }
    tiers = tiers.stream().sorted(Comparator.comparing(CancelTier::before).reversed()).toList();
    for (int i = 1; i < tiers.size(); i++) {
      if (tiers.get(i).before().equals(tiers.get(i - 1).before())) {
        throw new IllegalArgumentException("cancelTiers must not repeat a 'before'");
      }
      if (tiers.get(i).refundPercent() > tiers.get(i - 1).refundPercent()) {
        // A later cancel never earns more back than an earlier one.
        throw new IllegalArgumentException("cancelTiers must not refund more closer to the start");
      }
    }
  }

  public boolean isEmpty() {
    return tiers.isEmpty();
  }

  /** These tiers, or the one 100 % tier {@code cutoff} stands for when there are none. */
  public CancelTiers orCutoff(Duration cutoff) {
    return tiers.isEmpty() ? new CancelTiers(List.of(new CancelTier(cutoff, 100))) : this;
  }

  /** The tier a cancel at {@code now} of a slot starting at {@code start} falls in, if any. */
  public Optional<CancelTier> at(Instant start, Instant now) {
    return tiers.stream().filter(t -> now.isBefore(start.minus(t.before()))).findFirst();
  }

  /** The part of {@code paid} that {@code tier} refunds, rounded down to the minor unit. */
  public static Money refundOf(Money paid, CancelTier tier) {
    return new Money(paid.minor() * tier.refundPercent() / 100, paid.currency());
  }

  /** The last moment any refund is given: the latest tier's deadline. */
  public Optional<Instant> closesAt(Instant start) {
    return tiers.isEmpty()
        ? Optional.empty()
        : Optional.of(start.minus(tiers.get(tiers.size() - 1).before()));
  }

  /** Stored form, e.g. {@code 86400:100,7200:50} (seconds before the start : percent). */
  public String encode() {
    StringBuilder out = new StringBuilder();
    for (CancelTier t : tiers) {
      if (out.length() > 0) {
        out.append(',');
      }
      out.append(t.before().toSeconds()).append(':').append(t.refundPercent());
    }
    return out.toString();
  }

  public static CancelTiers decode(String stored) {
    if (stored.isEmpty()) {
      return NONE;
    }
    return new CancelTiers(
        Arrays.stream(stored.split(","))
            .map(
                t -> {
                  String[] parts = t.split(":");
                  return new CancelTier(
                      Duration.ofSeconds(Long.parseLong(parts[0])), Integer.parseInt(parts[1]));
                })
            .toList());
  }
}
