package fairslot.booking.store;

import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceAttempt;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.store.SeatWrites;
import fairslot.coupon.store.CouponItemMapper;
import fairslot.coupon.store.CouponWrites;
import fairslot.idempotency.store.IdempotencyItemMapper;
import fairslot.idempotency.store.IdempotencyWrites;
import fairslot.kernel.Change;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.member.store.CalendarItemMapper;
import fairslot.member.store.CalendarWrites;
import fairslot.member.store.StandingWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.notification.store.NoticeWrites;
import fairslot.pass.domain.Pass;
import fairslot.pass.store.PassItemMapper;
import fairslot.pass.store.PassWrites;
import fairslot.table.Attr;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.store.WaitEntryWrites;
import fairslot.waitlist.store.WaitlistEntryMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Taking seats, for a booking of one slot or several: one transaction with each line's seats,
 * booking, guard and audit (actions numbered by line), the member's days written once each with
 * every line on them, one count of all lines in the member's upcoming bookings, the idempotency
 * record, the pass's credits and the granted request. Its cancellation reasons read back as the
 * member's answer, naming the line.
 */
final class BookingPlacement {

  /** The named actions of a placement; line actions are numbered by line. */
  private enum Action {
    BOOKING,
    CALENDAR,
    COUNTERPART,
    COUPON,
    GUARD,
    IDEMPOTENCY,
    PASS,
    REQUEST,
    SEAT,
    STANDING,
    UPCOMING
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final CalendarWrites calendars;
  private final GuardWrites guards;
  private final PassWrites credits;
  private final StandingWrites standings;
  private final UpcomingWrites upcoming;
  private final SeatWrites seats;
  private final RecordParts records;
  private final NoticeWrites notices;
  private final RequestWrites requests;
  private final IdempotencyWrites replays;
  private final CouponWrites coupons;

  BookingPlacement(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.calendars = new CalendarWrites(table);
    this.guards = new GuardWrites(table);
    this.credits = new PassWrites(table);
    this.standings = new StandingWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.seats = new SeatWrites(table);
    this.records = new RecordParts(table);
    this.notices = new NoticeWrites(table);
    this.requests = new RequestWrites(table);
    this.replays = new IdempotencyWrites(table);
    this.coupons = new CouponWrites(table);
  }

  PlaceAttempt place(BookingPlan plan) {
    List<Booking> lines = plan.lines();
    Booking lead = plan.lead();
    Change booked = Change.by(plan.actor(), plan.now(), "booked");
    Optional<WaitlistEntry> offer = plan.offer();
    // The seats: from each line's slot (and its counterparts free), or the one offer's.
    List<TransactWriteItem> counterparts = new ArrayList<>();
    List<Integer> counterpartLine = new ArrayList<>();
    for (int i = 0; i < lines.size() && offer.isEmpty(); i++) {
      for (TransactWriteItem free : seats.counterpartsFree(lines.get(i).slot().counterparts())) {
        counterparts.add(free);
        counterpartLine.add(i);
      }
    }
    Transaction<Action> tx =
        new Transaction<Action>()
            .addEach(
                Action.SEAT,
                offer.isPresent()
                    ? List.of(
                        WaitEntryWrites.acceptOffer(
                            table, offer.get(), lead.bookingId(), lead.userId(), plan.now()))
                    : lines.stream()
                        .map(b -> seats.sellSeats(BookingClaims.seats(b), booked))
                        .toList())
            .addEach(Action.COUNTERPART, counterparts)
            .addEach(Action.BOOKING, lines.stream().map(bookingWrites::create).toList())
            .addEach(Action.GUARD, lines.stream().map(guards::put).toList())
            .add(
                Action.UPCOMING,
                upcoming.count(
                    BookingClaims.member(lead), lines.size(), plan.rules().upcomingLimit()))
            .addEach(
                Action.CALENDAR,
                plan.calendars().stream()
                    .map(
                        seen ->
                            calendars.add(
                                seen, lines.stream().map(BookingClaims::calendar).toList()))
                    .toList());
    lines.forEach(
        b ->
            tx.add(
                records.auditBooking(b.bookingId(), b.version(), "-", b.status().name(), booked)));
    plan.granting()
        .ifPresent(q -> tx.add(Action.REQUEST, requests.grant(q, lead.bookingId(), plan.now())));
    plan.idempotency()
        .ifPresent(
            key ->
                tx.add(
                    Action.IDEMPOTENCY, replays.record(key.request(), key.response(), plan.now())));
    if (plan.rules().suspension()) {
      tx.add(Action.STANDING, standings.notSuspended(BookingClaims.member(lead), plan.now()));
    }
    if (lead.pass().isPresent()) {
      // every line's credits, one write
      tx.add(
          Action.PASS, credits.spendCredits(lines.stream().map(BookingClaims::credits).toList()));
    }
    lead.coupon()
        .ifPresent(
            use ->
                tx.addEach(
                    Action.COUPON,
                    coupons.redeem(
                        lead.slot().venueId(),
                        use.code(),
                        lead.userId(),
                        use.perMember(),
                        plan.now())));
    if (lead.status() == BookingStatus.PAID) {
      // Free, pass and desk bookings are PAID as placed: confirmed here, once, by the lead.
      tx.add(notices.bookingConfirmed(lead.userId(), lead.slotId(), lead.bookingId(), plan.now()));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return about(new PlaceResult.Placed(lead), null);
    }
    if (cancelled.get().failed(Action.REQUEST)) {
      return about(new PlaceResult.RequestDecided(), null);
    }
    return whyNot(cancelled.get(), plan, counterpartLine);
  }

  /**
   * Precedence: a replayed request, a suspension, an existing booking, a slot (or the offer), the
   * pass, the coupon, the member's limit, the calendar; among the lines, the first in the booking's
   * order.
   */
  private PlaceAttempt whyNot(
      Transaction.Cancelled<Action> reasons, BookingPlan plan, List<Integer> counterpartLine) {
    List<Booking> lines = plan.lines();
    if (reasons.failed(Action.IDEMPOTENCY)) {
      Optional<Map<String, AttributeValue>> record = reasons.oldItem(Action.IDEMPOTENCY);
      if (record.isPresent()
          && IdempotencyItemMapper.sameRequest(record.get(), plan.idempotency().get().request())) {
        return about(new PlaceResult.Replay(IdempotencyItemMapper.response(record.get())), null);
      }
      return about(new PlaceResult.KeyReused(), null);
    }
    if (reasons.failed(Action.STANDING)) {
      return about(
          new PlaceResult.Suspended(
              reasons
                  .oldItem(Action.STANDING)
                  .map(i -> Attr.instant(i, "suspendedUntil"))
                  .orElseThrow()),
          null);
    }
    for (int i = 0; i < lines.size(); i++) {
      if (reasons.failed(Action.GUARD, i)) {
        return about(
            new PlaceResult.AlreadyBooked(
                reasons.oldItem(Action.GUARD, i).map(g -> Attr.str(g, "bookingId")).orElse("")),
            lines.get(i));
      }
    }
    if (plan.offer().isPresent() && reasons.failed(Action.SEAT, 0)) {
      return about(
          new PlaceResult.OfferGone(
              reasons.oldItem(Action.SEAT, 0).map(WaitlistEntryMapper::fromItem)),
          plan.lead());
    }
    for (int i = 0; i < lines.size(); i++) {
      if (reasons.failed(Action.SEAT, i)) {
        return about(
            SeatConditions.slotRefusal(
                reasons.oldItem(Action.SEAT, i), plan.now(), Optional.of(lines.get(i))),
            lines.get(i));
      }
    }
    for (int k = 0; k < counterpartLine.size(); k++) {
      if (reasons.failed(Action.COUNTERPART, k)) {
        // The space is taken through a counterpart (the full court, or one of its halves).
        return about(new PlaceResult.SoldOut(0), lines.get(counterpartLine.get(k)));
      }
    }
    if (reasons.failed(Action.PASS)) {
      return about(
          new PlaceResult.PassRefused(
              reasons
                  .oldItem(Action.PASS)
                  .map(PassItemMapper::fromItem)
                  .flatMap(pass -> refusalForAll(pass, lines))
                  .orElse(Refusal.NOT_FOUND)), // the pass is gone
          plan.lead());
    }
    if (reasons.failed(Action.COUPON, CouponWrites.COUPON)) {
      boolean exhausted =
          reasons
              .oldItem(Action.COUPON, CouponWrites.COUPON)
              .map(CouponItemMapper::fromItem)
              .map(c -> c.redeemed() >= c.maxRedemptions())
              .orElse(false);
      return about(
          new PlaceResult.CouponRefused(
              exhausted ? Refusal.COUPON_EXHAUSTED : Refusal.COUPON_INVALID),
          plan.lead());
    }
    if (reasons.failed(Action.COUPON, CouponWrites.MEMBER)) {
      return about(new PlaceResult.CouponRefused(Refusal.COUPON_ALREADY_USED), plan.lead());
    }
    if (reasons.failed(Action.UPCOMING)) {
      return about(
          new PlaceResult.LimitReached(plan.rules().upcomingLimit().orElseThrow()), plan.lead());
    }
    List<MemberCalendar> moved =
        CalendarItemMapper.moved(reasons, Action.CALENDAR, plan.calendars());
    if (!moved.isEmpty()) {
      return about(new PlaceResult.CalendarsMoved(moved), null);
    }
    throw new IllegalStateException(
        "booking transaction cancelled for an unexpected reason: " + reasons);
  }

  /**
   * The pass's refusal of the lines together, judged as the condition judged it: each slot's rule,
   * then every line's credits at once.
   */
  private static Optional<Refusal> refusalForAll(Pass pass, List<Booking> lines) {
    for (Booking l : lines) {
      Optional<Refusal> one =
          pass.refusalFor(
              l.slot().venueId(), l.slot().resourceId(), l.slot().interval().start(), 0);
      if (one.isPresent()) {
        return one;
      }
    }
    int credits = lines.stream().mapToInt(l -> l.pass().orElseThrow().credits()).sum();
    return pass.creditsLeft() < credits
        ? Optional.of(Refusal.INSUFFICIENT_CREDITS)
        : Optional.empty();
  }

  private static PlaceAttempt about(PlaceResult result, Booking line) {
    return new PlaceAttempt(result, Optional.ofNullable(line).map(Booking::slotId));
  }
}
