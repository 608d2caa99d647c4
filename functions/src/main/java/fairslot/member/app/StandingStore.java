package fairslot.member.app;

import fairslot.kernel.Change;
import fairslot.member.domain.MemberStanding;

/**
 * Port: members' standing at venues under the no-show rule. Each write is conditioned on the
 * standing being as read ({@code seen.version()}), so a strike and a pardon never overwrite each
 * other.
 */
public interface StandingStore {

  /** The member's standing at the venue; clean (version 0) if never written. */
  MemberStanding standing(String userId, String venueId);

  /** Writes {@code next} if the standing is still {@code seen}; false if it moved. */
  boolean pardon(MemberStanding seen, MemberStanding next, Change change);
}
