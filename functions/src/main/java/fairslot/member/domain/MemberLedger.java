package fairslot.member.domain;

import java.util.List;

/**
 * One member's ledgers as reconcile recounts them from their bookings: each venue's upcoming
 * counter beside the PENDING_PAY and PAID bookings there, and each pack's credits beside what its
 * PAID bookings hold.
 */
public record MemberLedger(String userId, List<Counter> counters, List<Credits> credits) {
  public MemberLedger {
    counters = List.copyOf(counters);
    credits = List.copyOf(credits);
  }

  /** The counter item's value and the bookings that should make it up. */
  public record Counter(String venueId, long counted, long recounted) {
    public boolean balanced() {
      return counted == recounted;
    }
  }

  /**
   * A pack: credits == left + held by PAID bookings + used + forfeited + refunded, and left >= 0.
   */
  public record Credits(
      String passId, int credits, int left, int held, int used, int forfeited, int refunded) {
    public boolean balanced() {
      return left >= 0 && credits == left + held + used + forfeited + refunded;
    }
  }

  public List<Counter> counterDeviations() {
    return counters.stream().filter(c -> !c.balanced()).toList();
  }

  public List<Credits> creditDeviations() {
    return credits.stream().filter(c -> !c.balanced()).toList();
  }

  public boolean balanced() {
    return counterDeviations().isEmpty() && creditDeviations().isEmpty();
  }
}
