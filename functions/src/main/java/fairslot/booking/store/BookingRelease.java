package fairslot.booking.store;

import static fairslot.table.Attr.n;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.store.SeatCause;
import fairslot.catalog.store.SeatWrites;
import fairslot.coupon.domain.CouponUse;
import fairslot.coupon.store.CouponWrites;
import fairslot.kernel.Change;
import fairslot.kernel.Unavailable;
import fairslot.member.store.CalendarWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.notification.domain.Notification;
import fairslot.notification.store.NoticeWrites;
import fairslot.pass.store.PassWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A booking's seats handed back, in one transaction: the booking moves, its seats return to the
 * slot (to the waitlist first while people wait), its guard, upcoming count, calendar days and pass
 * credits are undone, and a paid booking's refund is requested. The slot's waitlist may change
 * under it, so the seat return is tried again with what the cancellation showed. The store's {@code
 * release}; its own file so each stays one job.
 */
final class BookingRelease {

  /** The named actions of a release: a cancellation is read by these. */
  enum Action {
    BOOKING,
    CALENDAR,
    COUPON,
    CREDITS,
    GUARD,
    PAYMENT,
    PART,
    REFUND,
    SEATS,
    UPCOMING,
    WALLET_PART
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final CalendarWrites calendars;
  private final GuardWrites guards;
  private final PassWrites credits;
  private final UpcomingWrites upcoming;
  private final SeatWrites seats;
  private final RecordParts records;
  private final NoticeWrites notices;
  private final CouponWrites coupons;
  private final ReleaseMoney money;

  BookingRelease(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.calendars = new CalendarWrites(table);
    this.guards = new GuardWrites(table);
    this.credits = new PassWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.seats = new SeatWrites(table);
    this.records = new RecordParts(table);
    this.notices = new NoticeWrites(table);
    this.coupons = new CouponWrites(table);
    this.money = new ReleaseMoney(dynamo, table);
  }

  ReleaseResult release(Booking b, BookingStatus to, Change change, Optional<Notification> notice) {
    if (!b.status().releasesSeatsMovingTo(to)) {
      throw new IllegalArgumentException(b.status() + " -> " + to + " does not release seats");
    }
    if (b.isOtherLine() && to == BookingStatus.REFUNDING && b.paymentNo().isEmpty()) {
      // The money is the lead's: the caller names its payment on the line that refunds it.
      throw new IllegalArgumentException("a line refunds through its booking's payment");
    }
    // A booking of several slots is released whole: every line still in its status moves with it
    // (a line that went its own way, checked in or missed, stays where it is).
    List<Booking> lines = new ArrayList<>(List.of(b));
    GroupLines.others(dynamo, table, b).stream()
        .filter(l -> l.status() == b.status())
        .forEach(lines::add);
    List<SeatWrites.SeatReturn> how =
        new ArrayList<>(
            lines.stream()
                .map(l -> new SeatWrites.SeatReturn(l.slot().capacity(), false))
                .toList());
    for (int branch = 0; branch < 4 * lines.size(); branch++) {
      Optional<ReleaseResult> done = tryRelease(lines, to, change, how, notice);
      if (done.isPresent()) {
        return done.get();
      }
      // A slot's waitlist or capacity changed under us: "how" says how to return its seats now.
    }
    throw new Unavailable("the waitlist of slot " + b.slot().slotId() + " kept changing", null);
  }

  private Optional<ReleaseResult> tryRelease(
      List<Booking> lines,
      BookingStatus to,
      Change change,
      List<SeatWrites.SeatReturn> how,
      Optional<Notification> notice) {
    Booking b = lines.get(0);
    Transaction<Action> tx = releaseActions(lines, to, change, how, notice);
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      // One release per booking ever, so the booking id names the event for consumers' dedupe.
      return Optional.of(
          new ReleaseResult.Released(
              (to == BookingStatus.REFUNDING ? b.refunding(b.owedBack()) : b).withStatus(to),
              lines.stream()
                  .map(
                      l ->
                          new SeatReleased(
                              "release:" + l.bookingId(),
                              l.slotId(),
                              l.quantity(),
                              SeatReleases.reasonFor(to)))
                  .toList()));
    }
    Transaction.Cancelled<Action> reasons = cancelled.get();
    for (int i = 0; i < lines.size(); i++) {
      if (reasons.failed(Action.BOOKING, i)) {
        // Someone moved the booking (or one of its lines): here is the one asked about, as it is.
        Booking current =
            i == 0
                ? reasons.oldItem(Action.BOOKING, 0).map(BookingItemMapper::fromItem).orElseThrow()
                : b;
        return Optional.of(new ReleaseResult.NotInStatus(current));
      }
    }
    if (reasons.failed(Action.WALLET_PART)) {
      return Optional.empty(); // a split payment's wallet part moved: read it again
    }
    boolean retry = false;
    for (int i = 0; i < lines.size(); i++) {
      if (reasons.failed(Action.SEATS, i)) {
        int line = i;
        Optional<SeatWrites.SeatReturn> next =
            reasons
                .oldItem(Action.SEATS, i)
                .flatMap(
                    slot -> SeatWrites.retryFor(slot, lines.get(line).quantity(), how.get(line)));
        if (next.isEmpty()) {
          retry = false;
          break;
        }
        how.set(i, next.get());
        retry = true;
      }
    }
    if (retry) {
      return Optional.empty();
    }
    // The seat cap, a calendar or the payment refused: the books are off. Never paper over that.
    throw new IllegalStateException(
        "release of "
            + b.bookingId()
            + " refused: "
            + reasons
            + (reasons.failedAny(Action.SEATS) ? " (slot would exceed capacity)" : ""));
  }

  /**
   * The release's actions: "booking" moves, "seats" go back (to the waitlist first when {@code
   * toWaitlist}), the guard and calendar entries go, and a paid booking's refund starts.
   */
  Transaction<Action> releaseActions(
      List<Booking> lines,
      BookingStatus to,
      Change change,
      List<SeatWrites.SeatReturn> how,
      Optional<Notification> notice) {
    Booking b = lines.get(0);
    // A refund's amount is written on the booking and its payment in the move that owes it.
    boolean refunding = to == BookingStatus.REFUNDING;
    // A coupon's redemption goes back when the booking ends unpaid, once, with this move.
    boolean couponBack =
        b.status() == BookingStatus.PENDING_PAY && b.coupon().map(CouponUse::held).orElse(false);
    List<TransactWriteItem> moves = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      boolean money = refunding && i == 0;
      boolean coupon = couponBack && i == 0;
      moves.add(
          bookingWrites.move(
              lines.get(i),
              to,
              change,
              money ? "refundMinor = :refund" : coupon ? "couponHeld = :held" : "",
              "",
              money
                  ? Map.of(":refund", n(b.owedBack().minor()))
                  : coupon ? Map.of(":held", AttributeValue.fromBool(false)) : Map.of()));
    }
    List<TransactWriteItem> returns = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Booking l = lines.get(i);
      returns.add(
          seats.returnSeats(
              l.slotId(), l.quantity(), how.get(i), change, SeatCause.booking(l.bookingId())));
    }
    TreeSet<LocalDate> days = new TreeSet<>();
    lines.forEach(l -> days.addAll(l.calendarDays()));
    Transaction<Action> tx =
        new Transaction<Action>()
            .addEach(Action.BOOKING, moves)
            .addEach(Action.SEATS, returns)
            .addEach(Action.GUARD, lines.stream().map(guards::delete).toList())
            .add(Action.UPCOMING, upcoming.uncount(BookingClaims.member(b), lines.size()))
            .addEach(
                Action.CALENDAR,
                days.stream()
                    .map(
                        day ->
                            calendars.remove(
                                lines.stream().map(BookingClaims::calendar).toList(), day))
                    .toList());
    lines.forEach(
        l ->
            tx.add(
                records.auditBooking(
                    l.bookingId(), l.version(), l.status().name(), to.name(), change)));
    money.add(tx, b, to, change);
    if (b.pass().isPresent()) {
      if (to == BookingStatus.REFUNDING) {
        throw new IllegalArgumentException("a pass booking is cancelled, not refunded");
      }
      // the credits go back, once (every line's in one write)
      tx.add(
          Action.CREDITS,
          credits.settleCredits(
              lines.stream().map(BookingClaims::credits).toList(), "creditsLeft"));
    }
    if (couponBack) {
      tx.addEach(
          Action.COUPON, coupons.giveBack(b.slot().venueId(), b.coupon().get().code(), b.userId()));
    }
    notice.ifPresent(n -> tx.add(notices.notify(n, change.at())));
    return tx;
  }
}
