package fairslot.membership.domain;

import java.time.Instant;
import java.time.ZoneId;

/**
 * A membership plan's period (API.md v1.3 "Memberships"): calendar months in the venue's zone, so a
 * period begun on 31 January ends on the last day of February at the same time.
 */
public enum MembershipPeriod {
  P1M(1),
  P3M(3),
  P1Y(12);

  private final int months;

  MembershipPeriod(int months) {
    this.months = months;
  }

  public int months() {
    return months;
  }

  /** The end of a period begun at {@code start}, in the venue's {@code zone}. */
  public Instant endOf(Instant start, ZoneId zone) {
    return start.atZone(zone).plusMonths(months).toInstant();
  }
}
