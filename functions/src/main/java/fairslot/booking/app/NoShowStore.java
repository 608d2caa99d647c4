package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberStanding;

/** Port: a PAID booking's no-show, recorded with the strike it earns under the venue's rule. */
public interface NoShowStore {

  /**
   * One transaction: the PAID booking becomes NO_SHOW (leaving the member's upcoming bookings) and
   * the standing becomes {@code next}, on condition the booking is still PAID and the standing is
   * still {@code seen}.
   */
  NoShowResult recordNoShow(
      Booking booking, Change change, MemberStanding seen, MemberStanding next);

  sealed interface NoShowResult {
    record Recorded(Booking booking) implements NoShowResult {}

    record NotInStatus(Booking current) implements NoShowResult {}

    /** Someone wrote the standing since it was read: read it again. */
    record StandingMoved() implements NoShowResult {}
  }
}
