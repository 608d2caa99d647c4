package fairslot.booking.app;

import fairslot.booking.app.BookingStore.MoveResult;
import fairslot.booking.app.NoShowStore.NoShowResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.DueBookings;
import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.member.app.StandingStore;
import fairslot.member.domain.MemberStanding;
import fairslot.member.domain.NoShowPolicy;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * The no-shows job: PAID bookings whose slot has ended without a check-in become NO_SHOW (seats
 * stay counted). Under the venue's no-show rule each one is also a strike against the member.
 */
public final class NoShowSweep {
  private final BookingStore bookings;
  private final CatalogStore catalog;
  private static final int MAX_ROUNDS = 6;

  private final StandingStore standings;
  private final NoShowStore noShows;
  private final Clock clock;

  public NoShowSweep(
      BookingStore bookings,
      CatalogStore catalog,
      StandingStore standings,
      NoShowStore noShows,
      Clock clock) {
    this.bookings = bookings;
    this.catalog = catalog;
    this.standings = standings;
    this.noShows = noShows;
    this.clock = clock;
  }

  public JobReport run(int limit) {
    Instant now = clock.instant();
    DueBookings due = bookings.endedUnattended(now, limit);
    return JobLoop.run(
        "no-shows", due.bookings(), due.itemsRead(), b -> JobLoop.one(noShow(b, now)));
  }

  /** Under a venue no-show rule the strike is written with the move; else the move alone. */
  private boolean noShow(Booking b, Instant now) {
    Change change = Change.by("system:no-shows", now, "slot ended without check-in");
    Optional<NoShowPolicy> rule =
        catalog.findVenue(b.slot().venueId()).flatMap(v -> v.policy().noShowPolicy());
    if (rule.isPresent()) {
      return recordNoShow(b, rule.get(), change);
    }
    return bookings.move(b, BookingStatus.NO_SHOW, change) instanceof MoveResult.Moved;
  }

  /**
   * Records a PAID booking's no-show under the venue's rule: the booking and the strike in one
   * transaction. False if the booking moved meanwhile (checked in, say) or the standing stayed
   * busy.
   */
  public boolean recordNoShow(Booking b, NoShowPolicy rule, Change change) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      MemberStanding seen = standings.standing(b.userId(), b.slot().venueId());
      MemberStanding next = seen.withNoShow(b.slot().interval().start(), change.at(), rule);
      NoShowResult result = noShows.recordNoShow(b, change, seen, next);
      if (result instanceof NoShowResult.Recorded) {
        return true;
      }
      if (result instanceof NoShowResult.NotInStatus) {
        return false;
      }
    }
    return false; // a later run takes it up again: the booking is still PAID and due
  }
}
