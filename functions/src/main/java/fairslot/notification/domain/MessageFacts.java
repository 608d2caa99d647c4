package fairslot.notification.domain;

import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;

/**
 * What a message states, read when it is written: where and when the slot is, in the venue's zone,
 * and the deadline (an offer's or a hold's) or the amount (a refund) the kind is about.
 */
public record MessageFacts(
    String venueName,
    ZoneId zone,
    Interval slot,
    Optional<Instant> deadline,
    Optional<Money> amount,
    Optional<String> reason) {
  public MessageFacts(
      String venueName,
      ZoneId zone,
      Interval slot,
      Optional<Instant> deadline,
      Optional<Money> amount) {
    this(venueName, zone, slot, deadline, amount, Optional.empty());
  }
}
