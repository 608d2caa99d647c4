package fairslot.handler;

import fairslot.booking.app.BookingMessageFacts;
import fairslot.booking.app.BookingService;
import fairslot.booking.app.HoldSweep;
import fairslot.booking.app.MemberBookings;
import fairslot.booking.app.NoShowSweep;
import fairslot.booking.app.QueuedAdmission;
import fairslot.booking.app.Reconciliation;
import fairslot.booking.app.RefundRequests;
import fairslot.booking.app.Reminders;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.app.SlotCancellation;
import fairslot.handler.http.BookingEndpoints;
import fairslot.kernel.IdGenerator;
import fairslot.lottery.app.LotteryDraws;
import fairslot.waitlist.app.WaitlistService;
import java.time.Clock;

/**
 * Booking, assembled with the rooms it drives: the waitlist and its admission queue, slot
 * cancellation, the lottery draw, and the sweeps. One per container: its hints (sold-out sightings,
 * quiet hold periods) serve every entry.
 */
public record BookingModule(
    SeatReleases releases,
    BookingService bookings,
    WaitlistService waitlist,
    QueuedAdmission admission,
    SlotCancellation slotCancellation,
    Reconciliation reconciliation,
    Reminders reminders,
    HoldSweep holdSweep,
    NoShowSweep noShows,
    LotteryDraws lotteryDraws,
    BookingMessageFacts messageFacts) {

  static BookingModule of(
      Stores stores,
      Adapters adapters,
      MemberBookings members,
      RefundRequests refunds,
      Clock clock,
      IdGenerator ids) {
    SeatReleases releases = new SeatReleases(stores.bookings(), adapters.events());
    BookingService bookings =
        new BookingService(
            stores.catalog(),
            stores.bookings(),
            stores.requests(),
            adapters.bookingQueue(),
            releases,
            refunds,
            clock,
            ids,
            BookingEndpoints::createdResponse,
            stores.passes(),
            members,
            stores.lotteries(),
            stores.waitlist(),
            stores.coupons());
    WaitlistService waitlist =
        new WaitlistService(stores.catalog(), stores.waitlist(), bookings::holdOffer, clock, ids);
    return new BookingModule(
        releases,
        bookings,
        waitlist,
        new QueuedAdmission(stores.requests(), bookings, waitlist, adapters.bookingQueue(), clock),
        new SlotCancellation(
            stores.catalog(), stores.bookings(), stores.waitlist(), releases, refunds, clock),
        new Reconciliation(stores.catalog(), stores.ledger(), clock),
        new Reminders(stores.bookings(), clock),
        new HoldSweep(stores.bookings(), releases, clock),
        new NoShowSweep(
            stores.bookings(), stores.catalog(), stores.standing(), stores.noShows(), clock),
        new LotteryDraws(stores.lotteries(), stores.requests(), bookings, waitlist, clock, ids),
        new BookingMessageFacts(stores.catalog(), stores.bookings(), stores.waitlist()));
  }
}
