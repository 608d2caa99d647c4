package fairslot.catalog.app;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.LotteryRanks;
import fairslot.kernel.Interval;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A new slot's lottery, if it is a LOTTERY slot: {@code lotteryClosesAt} is given exactly then, and
 * falls after now and before the start. The seed is 32 random bytes, fixed now and shown only as
 * its hash until the draw.
 */
final class LotteryTerms {
  private static final SecureRandom RANDOM = new SecureRandom();

  private LotteryTerms() {}

  static Outcome<Optional<Lottery>> of(
      Admission admission,
      Optional<String> closesAt,
      ZoneId zone,
      Interval interval,
      Instant now,
      String slotId) {
    if (admission != Admission.LOTTERY) {
      return closesAt.isPresent()
          ? Outcome.refused(Refusal.INVALID_REQUEST, "lotteryClosesAt is for LOTTERY slots")
          : Outcome.done(Optional.empty());
    }
    if (closesAt.isEmpty()) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "a LOTTERY slot names lotteryClosesAt, when entries close");
    }
    Optional<Instant> at = VenueTime.parse(closesAt.get(), zone);
    if (at.isEmpty()) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "lotteryClosesAt must be ISO-8601");
    }
    if (!at.get().isAfter(now) || !at.get().isBefore(interval.start())) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "lotteryClosesAt must fall after now and before the start");
    }
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    String seed = HexFormat.of().formatHex(bytes);
    return Outcome.done(
        Optional.of(Lottery.open(slotId, at.get(), seed, LotteryRanks.seedHash(seed))));
  }
}
