package fairslot.booking.app;

import fairslot.booking.app.BookingStore.MoveResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.member.app.StandingService;
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
  private final StandingService standing;
  private final Clock clock;

  public NoShowSweep(
      BookingStore bookings, CatalogStore catalog, StandingService standing, Clock clock) {
    this.bookings = bookings;
    this.catalog = catalog;
    this.standing = standing;
    this.clock = clock;
  }

  public JobReport run(int limit) {
    Instant now = clock.instant();
    BookingStore.DueBookings due = bookings.endedUnattended(now, limit);
    return JobLoop.run(
        "no-shows", due.bookings(), due.itemsRead(), b -> JobLoop.one(noShow(b, now)));
  }

  /** Under a venue no-show rule the strike is written with the move; else the move alone. */
  private boolean noShow(Booking b, Instant now) {
    Change change = Change.by("system:no-shows", now, "slot ended without check-in");
    Optional<NoShowPolicy> rule =
        catalog.findVenue(b.slot().venueId()).flatMap(v -> v.policy().noShowPolicy());
    if (rule.isPresent()) {
      return standing.recordNoShow(b, rule.get(), change);
    }
    return bookings.move(b, BookingStatus.NO_SHOW, change) instanceof MoveResult.Moved;
  }
}
