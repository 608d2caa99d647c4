package fairslot.booking.app;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.app.SlotCanceller;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.RefundPartPlan;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.app.WaitlistStore;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Cancelling a whole slot. The slot moves to CANCELLED first (no booking, join or offer can start
 * after that), then its waitlist is closed and every active booking is released: unpaid ones
 * CANCELLED, paid ones REFUNDING with the refund started, each with a SLOT_CANCELLED notification
 * written in its own transaction. Every step is conditional on the item still being in the state it
 * finds it in, so running the whole thing again resumes an interrupted run and repeats nothing.
 */
public final class SlotCancellation implements SlotCanceller {
  private static final int PAGE = 100;

  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final WholeBooking whole;
  private final WaitlistStore waitlist;
  private final SeatReleases releases;
  private final RefundRequests refunds;
  private final Clock clock;

  public SlotCancellation(
      CatalogStore catalog,
      BookingStore bookings,
      WaitlistStore waitlist,
      SeatReleases releases,
      RefundRequests refunds,
      Clock clock) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.whole = new WholeBooking(bookings);
    this.waitlist = waitlist;
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
  }

  /** What this run did; a resumed run counts only what was left. */
  public record Cancelled(
      Slot slot, int bookingsCancelled, int refundsStarted, int waitlistClosed) {}

  @Override
  public Outcome<Cancelled> cancel(String staff, String slotId) {
    Change change = Change.by(staff, clock.instant(), "slot cancelled");
    Outcome<Slot> moved = catalog.cancelSlot(slotId, change);
    if (!(moved instanceof Outcome.Done<Slot> done)) {
      return moved.map(s -> null);
    }
    // Waiting entries first: with nobody waiting, the offers' and bookings' seats go back to the
    // (cancelled) slot instead of being owed to a line that no longer exists.
    // One read of the line serves both passes: once the slot is CANCELLED no entry can be offered
    // a seat, so nothing read WAITING can have become OFFERED in between.
    List<WaitlistEntry> line = waitlist.entriesOf(slotId);
    int closed = 0;
    for (WaitlistEntry e : line) {
      if (e.status() == WaitlistStatus.WAITING
          && waitlist.closeWaiting(e, change) instanceof WaitlistStore.MoveResult.Moved) {
        closed++;
      }
    }
    for (WaitlistEntry e : line) {
      if (e.status() == WaitlistStatus.OFFERED
          && waitlist.endOffer(
                  e, WaitlistStatus.EXPIRED, change, Optional.of(Notification.Kind.SLOT_CANCELLED))
              instanceof WaitlistStore.MoveResult.Moved) {
        closed++;
      }
    }
    int cancelled = 0;
    int refunding = 0;
    Optional<String> cursor = Optional.empty();
    do {
      Page<Booking> page = bookings.bookingsOfSlot(slotId, new PageRequest(PAGE, cursor));
      for (Booking b : page.items()) {
        Optional<BookingStatus> released = release(b, change);
        if (released.isPresent()) {
          if (released.get() == BookingStatus.REFUNDING) {
            refunding++;
          } else {
            cancelled++;
          }
        }
      }
      cursor = page.nextCursor();
    } while (cursor.isPresent());
    waitlist.settleOwedSeats(slotId);
    if (nothingLeftActive(slotId)) {
      catalog.cancelFinished(slotId);
    }
    return Outcome.done(
        new Cancelled(catalog.findSlot(slotId).orElse(done.value()), cancelled, refunding, closed));
  }

  /** Whether a fresh look finds no active booking, waiting entry or open offer left on the slot. */
  private boolean nothingLeftActive(String slotId) {
    boolean lineClosed =
        waitlist.entriesOf(slotId).stream()
            .noneMatch(
                e -> e.status() == WaitlistStatus.WAITING || e.status() == WaitlistStatus.OFFERED);
    if (!lineClosed) {
      return false;
    }
    Optional<String> cursor = Optional.empty();
    do {
      Page<Booking> page = bookings.bookingsOfSlot(slotId, new PageRequest(PAGE, cursor));
      if (page.items().stream()
          .anyMatch(
              b -> b.status() == BookingStatus.PENDING_PAY || b.status() == BookingStatus.PAID)) {
        return false;
      }
      cursor = page.nextCursor();
    } while (cursor.isPresent());
    return true;
  }

  /**
   * The finish-cancels job: cancels marked more than {@code grace} ago and still not finished (the
   * request that started them was cut off and nobody retried) are run again, which resumes them.
   */
  public JobReport finishInterrupted(Duration grace, int limit) {
    List<String> due = catalog.cancelsDue(clock.instant().minus(grace), limit);
    return JobLoop.run(
        "finish-cancels",
        due,
        due.size(),
        slotId ->
            JobLoop.one(
                cancel("system:finish-cancels", slotId) instanceof Outcome.Done<Cancelled>));
  }

  /**
   * A paid slot of a booking of several slots, cancelled on its own: the line is CANCELLED and its
   * price refunded as a part of the booking's payment; the booking keeps its other slots.
   */
  private Optional<BookingStatus> releaseLine(Booking line, Change change) {
    Notification notice =
        new Notification(
            line.userId(), line.slotId(), Notification.Kind.SLOT_CANCELLED, line.leadId());
    for (int round = 0; round < 5; round++) {
      Optional<String> paymentNo = bookings.findBooking(line.leadId()).flatMap(Booking::paymentNo);
      Optional<RefundPartPlan> share =
          paymentNo.isPresent() && !line.amount().isFree()
              ? refunds.partOf(paymentNo.get(), line.amount(), change.at())
              : Optional.empty();
      if (paymentNo.isPresent() && !line.amount().isFree() && share.isEmpty()) {
        return Optional.empty(); // the payment is not SUCCEEDED now: a rerun of the cancel decides
      }
      ReleaseResult r = releases.releaseLine(line, change, Optional.of(notice), share);
      if (r instanceof ReleaseResult.Released) {
        share.ifPresent(d -> refunds.attemptNow(d.part()));
        return Optional.of(BookingStatus.CANCELLED);
      }
      Booking now = ((ReleaseResult.NotInStatus) r).current();
      if (now.status() != BookingStatus.PAID) {
        return Optional.empty(); // released meanwhile (with its booking, or by a rerun)
      }
      line = now;
    }
    return Optional.empty(); // still busy: a rerun of the cancel picks it up
  }

  /**
   * Releases one booking: PENDING_PAY to CANCELLED, PAID to REFUNDING. If it moved meanwhile (paid
   * a moment ago, say), decide again from where it is now.
   */
  private Optional<BookingStatus> release(Booking booking, Change change) {
    if (booking.status() != BookingStatus.PENDING_PAY && booking.status() != BookingStatus.PAID) {
      return Optional.empty(); // already inactive, or the session already happened
    }
    Booking b = booking;
    if (booking.group().isPresent() && booking.status() == BookingStatus.PAID) {
      if (bookings.otherLines(booking).stream().anyMatch(l -> l.status() == BookingStatus.PAID)) {
        return releaseLine(booking, change); // the booking keeps its other slots
      }
      // the last of its slots holding seats: the booking ends with it, refunded what it holds,
      // through its lead's payment
      Optional<String> paymentNo =
          bookings.findBooking(booking.leadId()).flatMap(Booking::paymentNo);
      b = paymentNo.map(booking::withPayment).orElse(booking);
    } else if (booking.isOtherLine()) {
      // a hold of several slots goes whole, through its lead (docs/api-notes.md)
      b = bookings.findLead(booking.bookingId()).orElse(booking);
    }
    for (int round = 0; round < 5; round++) {
      BookingStatus to;
      if (b.status() == BookingStatus.PENDING_PAY) {
        to = BookingStatus.CANCELLED;
      } else if (b.status() == BookingStatus.PAID) {
        // Money back, or a pass's credits back.
        to = b.releasedFromPaid();
        if (to == BookingStatus.REFUNDING && b.group().isPresent()) {
          // what its slots still hold: a later slot cancelled alone had its share refunded then
          b = b.refunding(whole.held(b));
        }
      } else {
        return Optional
            .empty(); // already inactive, or the session already happened (COMPLETED, NO_SHOW)
      }
      ReleaseResult r =
          releases.release(
              b,
              to,
              change,
              Optional.of(
                  new Notification(
                      b.userId(), booking.slotId(), Notification.Kind.SLOT_CANCELLED, b.leadId())));
      if (r instanceof ReleaseResult.Released) {
        if (to == BookingStatus.REFUNDING) {
          b.paymentNo().ifPresent(refunds::attemptNow);
        }
        return Optional.of(to);
      }
      if (r instanceof ReleaseResult.NotInStatus moved) {
        b = moved.current();
      }
    }
    return Optional.empty(); // still busy: a rerun of the cancel picks it up
  }
}
