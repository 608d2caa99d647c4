package fairslot.member.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A member's standing at one venue under its no-show rule: the no-shows that still count (when each
 * slot started) and the end of a suspension. {@code version} counts writes (0: never written), so a
 * change is written on condition nobody wrote in between.
 */
public record MemberStanding(
    String userId,
    String venueId,
    List<Instant> strikes,
    Optional<Instant> suspendedUntil,
    long version) {

  public MemberStanding {
    strikes = List.copyOf(strikes);
  }

  public static MemberStanding clean(String userId, String venueId) {
    return new MemberStanding(userId, venueId, List.of(), Optional.empty(), 0);
  }

  /** Whether the member may not book themselves at {@code now}. */
  public boolean suspendedAt(Instant now) {
    return suspendedUntil.map(now::isBefore).orElse(false);
  }

  /** The strikes that count at {@code now}: those within the rule's window. */
  public List<Instant> strikesAt(Instant now, NoShowPolicy rule) {
    Instant from = now.minus(rule.window());
    return strikes.stream().filter(at -> at.isAfter(from)).toList();
  }

  /**
   * The standing after a no-show at {@code missedAt}, recorded at {@code now}: strikes outside the
   * window fall away; the {@code strikes}-th within it suspends the member from {@code now} for the
   * rule's suspension, and the strikes are spent (a new suspension takes new no-shows).
   */
  public MemberStanding withNoShow(Instant missedAt, Instant now, NoShowPolicy rule) {
    List<Instant> counting = new ArrayList<>(strikesAt(now, rule));
    if (missedAt.isAfter(now.minus(rule.window()))) {
      counting.add(missedAt);
    }
    if (counting.size() >= rule.strikes()) {
      Instant until = now.plus(rule.suspension());
      Instant longest = suspendedUntil.filter(u -> u.isAfter(until)).orElse(until);
      return new MemberStanding(userId, venueId, List.of(), Optional.of(longest), version + 1);
    }
    return new MemberStanding(userId, venueId, counting, suspendedUntil, version + 1);
  }

  /** Staff forgive: no strikes, no suspension. */
  public MemberStanding pardoned() {
    return new MemberStanding(userId, venueId, List.of(), Optional.empty(), version + 1);
  }
}
