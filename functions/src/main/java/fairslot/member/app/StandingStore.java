package fairslot.member.app;

import fairslot.booking.domain.Booking;
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

  /**
   * One transaction: the PAID booking becomes NO_SHOW (leaving the member's upcoming bookings) and
   * the standing becomes {@code next}, on condition the booking is still PAID and the standing is
   * still {@code seen}.
   */
  NoShowResult recordNoShow(
      Booking booking, Change change, MemberStanding seen, MemberStanding next);

  /** Writes {@code next} if the standing is still {@code seen}; false if it moved. */
  boolean pardon(MemberStanding seen, MemberStanding next, Change change);

  sealed interface NoShowResult {
    record Recorded(Booking booking) implements NoShowResult {}

    record NotInStatus(Booking current) implements NoShowResult {}

    /** Someone wrote the standing since it was read: read it again. */
    record StandingMoved() implements NoShowResult {}
  }
}
