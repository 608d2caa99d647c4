package fairslot.booking.app;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.EventPublisher;
import fairslot.catalog.app.SeatReleased;
import fairslot.kernel.Change;
import fairslot.money.domain.RefundPartPlan;
import fairslot.notification.domain.Notification;
import java.util.Optional;

/**
 * Returns a booking's seats (one transaction) and then announces it; every release goes through
 * here.
 */
public final class SeatReleases {
  private final BookingStore store;
  private final EventPublisher events;

  public SeatReleases(BookingStore store, EventPublisher events) {
    this.store = store;
    this.events = events;
  }

  /** Where seats returned outside a release (a reschedule's old seats) are announced. */
  EventPublisher events() {
    return events;
  }

  /**
   * One line of a booking of several slots alone, its share refunded (BookingStore#releaseLine).
   */
  public ReleaseResult releaseLine(
      Booking line, Change change, Optional<Notification> notice, Optional<RefundPartPlan> share) {
    ReleaseResult result = store.releaseLine(line, change, notice, share);
    if (result instanceof ReleaseResult.Released released) {
      released.events().forEach(events::seatsReleased);
    }
    return result;
  }

  public ReleaseResult release(Booking booking, BookingStatus to, Change change) {
    return release(booking, to, change, Optional.empty());
  }

  /** As above, with a notification written in the release's own transaction. */
  public ReleaseResult release(
      Booking booking, BookingStatus to, Change change, Optional<Notification> notice) {
    ReleaseResult result = store.release(booking, to, change, notice);
    if (result instanceof ReleaseResult.Released released) {
      released.events().forEach(events::seatsReleased);
    }
    return result;
  }

  /** Why seats went back, by the status their booking moved to. */
  public static SeatReleased.Reason reasonFor(BookingStatus target) {
    return switch (target) {
      case CANCELLED -> SeatReleased.Reason.CANCELLED;
      case EXPIRED -> SeatReleased.Reason.EXPIRED;
      case REFUNDING -> SeatReleased.Reason.REFUNDING;
      default -> SeatReleased.Reason.ADMIN;
    };
  }
}
