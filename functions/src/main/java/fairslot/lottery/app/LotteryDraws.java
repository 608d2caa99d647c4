package fairslot.lottery.app;

import fairslot.booking.app.BookingService;
import fairslot.booking.app.RequestStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.catalog.app.LotteryStore;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.LotteryRanks;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.waitlist.app.WaitlistService;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The draw-lotteries job (API.md v1.2): a LOTTERY slot whose entries closed is drawn once. The run
 * that claims the draw (a conditional write; a second run at once finds it taken) goes through the
 * entries in rank order: holds while seats last, then the waitlist in the same order. Each entry's
 * outcome is its own conditional write (a hold moves its entry ENTERED to WON in the booking
 * transaction), so a run that dies part-way is resumed by the next once its lease lapses, deciding
 * only what is still ENTERED, in the same order.
 */
public final class LotteryDraws {
  private final LotteryStore lotteries;
  private final RequestStore requests;
  private final BookingService bookings;
  private final WaitlistService waitlist;
  private final Clock clock;
  private final IdGenerator ids;

  public LotteryDraws(
      LotteryStore lotteries,
      RequestStore requests,
      BookingService bookings,
      WaitlistService waitlist,
      Clock clock,
      IdGenerator ids) {
    this.lotteries = lotteries;
    this.requests = requests;
    this.bookings = bookings;
    this.waitlist = waitlist;
    this.clock = clock;
    this.ids = ids;
  }

  public JobReport drawDue(int limit) {
    var due = lotteries.due(clock.instant(), limit);
    return JobLoop.run("draw-lotteries", due, due.size(), slotId -> JobLoop.one(draw(slotId)));
  }

  /**
   * True when this run drew the slot; false when there was nothing to draw or another run has it.
   */
  public boolean draw(String slotId) {
    Instant now = clock.instant();
    Optional<Lottery> found = lotteries.find(slotId);
    if (found.isEmpty() || !found.get().drawable(now)) {
      return false;
    }
    String drawer = ids.newId();
    if (!lotteries.claim(found.get(), drawer, now.plus(Lottery.LEASE))) {
      return false; // another run holds the draw
    }
    boolean decided = false;
    try {
      decided = drawAll(found.get(), slotId);
    } finally {
      if (!decided) {
        lotteries.release(slotId, drawer); // the next run resumes at once, in the same order
      }
    }
    return decided && lotteries.finish(slotId, drawer, clock.instant());
  }

  /**
   * Every entry still ENTERED decided in rank order; false when a busy table stopped it. An entry
   * that does not fit the seats left is passed over, not the end of the draw: the next in rank may
   * fit (API.md v1.3). Seats only go while the draw runs, so once {@code q} seats did not fit, no
   * entry of {@code q} or more will: those wait, untried, for the waitlist after the last rank.
   */
  private boolean drawAll(Lottery lottery, String slotId) {
    List<BookingRequest> order =
        LotteryRanks.inDrawOrder(
            lottery.seed(), requests.entries(slotId), BookingRequest::requestId);
    List<BookingRequest> passedOver = new ArrayList<>();
    int fitsBelow = Integer.MAX_VALUE; // the fewest seats that did not fit
    for (BookingRequest entry : order) {
      if (entry.status() != RequestStatus.ENTERED) {
        continue; // decided by a run before this one
      }
      if (entry.quantity() >= fitsBelow) {
        passedOver.add(entry);
        continue;
      }
      Outcome<Booking> placed = bookings.placeQueued(entry);
      if (placed instanceof Outcome.Done<Booking>) {
        continue; // WON, in the booking's own transaction
      }
      Refusal refusal = ((Outcome.Refused<Booking>) placed).refusal();
      if (refusal == Refusal.INVALID_TRANSITION) {
        continue; // decided meanwhile
      }
      if (refusal == Refusal.THROTTLED) {
        return false; // handed on: the next run resumes here, in the same order
      }
      if (refusal == Refusal.SOLD_OUT) {
        fitsBelow = Math.min(fitsBelow, entry.quantity());
        passedOver.add(entry);
        continue;
      }
      decide(entry, RequestStatus.REJECTED, Optional.of(refusal.code()), Optional.empty());
      // this member may not book it (a limit, a suspension): the next in rank may
    }
    // In rank order; while seats are left (none fitted these) the line refuses: seats_available.
    for (BookingRequest entry : passedOver) {
      var joined = waitlist.join(entry.userId(), slotId);
      if (joined instanceof Outcome.Done<WaitlistService.Place> place) {
        decide(
            entry,
            RequestStatus.WAITLISTED,
            Optional.empty(),
            Optional.of(place.value().entry().entryId()));
      } else {
        Refusal refusal = ((Outcome.Refused<WaitlistService.Place>) joined).refusal();
        decide(entry, RequestStatus.REJECTED, Optional.of(refusal.code()), Optional.empty());
      }
    }
    return true;
  }

  private void decide(
      BookingRequest entry, RequestStatus to, Optional<String> code, Optional<String> waitlisted) {
    requests.decide(entry.requestId(), to, code, waitlisted, clock.instant());
  }
}
