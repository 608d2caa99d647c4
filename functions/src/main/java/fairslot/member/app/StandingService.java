package fairslot.member.app;

import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.NoShowRules.VenueRule;
import fairslot.member.domain.MemberStanding;
import fairslot.member.domain.NoShowPolicy;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Members' standing under a venue's no-show rule: strikes counted as no-shows are recorded, what a
 * member sees of it, and the desk's pardon.
 */
public final class StandingService {
  private static final int MAX_ROUNDS = 6;

  private final StandingStore standings;
  private final NoShowRules venues;
  private final Clock clock;

  public StandingService(StandingStore standings, NoShowRules venues, Clock clock) {
    this.standings = standings;
    this.venues = venues;
    this.clock = clock;
  }

  /** What the member sees: the strikes that count now and a suspension still running. */
  public record Standing(
      VenueRule venue,
      int strikes,
      Optional<Instant> suspendedUntil,
      Optional<NoShowPolicy> rule) {}

  public Outcome<Standing> of(String userId, String venueId) {
    Optional<VenueRule> venue = venues.of(venueId);
    if (venue.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    Instant now = clock.instant();
    MemberStanding s = standings.standing(userId, venueId);
    Optional<NoShowPolicy> rule = venue.get().rule();
    return Outcome.done(
        new Standing(
            venue.get(),
            rule.map(r -> s.strikesAt(now, r).size()).orElse(s.strikes().size()),
            s.suspendedUntil().filter(now::isBefore),
            rule));
  }

  /** Staff clear the member's strikes and suspension at the venue. */
  public Outcome<Standing> pardon(String staff, String userId, String venueId) {
    if (venues.of(venueId).isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    for (int round = 0; round < MAX_ROUNDS; round++) {
      MemberStanding seen = standings.standing(userId, venueId);
      if (seen.strikes().isEmpty() && seen.suspendedUntil().isEmpty()) {
        return of(userId, venueId); // nothing to forgive: pardoning twice changes nothing
      }
      if (standings.pardon(
          seen, seen.pardoned(), Change.by(staff, clock.instant(), "pardoned by staff"))) {
        return of(userId, venueId);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the member's standing is busy; try again");
  }
}
