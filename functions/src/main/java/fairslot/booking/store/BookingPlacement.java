package fairslot.booking.store;

import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.store.CounterpartLinks;
import fairslot.catalog.store.SeatWrites;
import fairslot.idempotency.store.IdempotencyItemMapper;
import fairslot.idempotency.store.IdempotencyWrites;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.member.store.CalendarItemMapper;
import fairslot.member.store.CalendarWrites;
import fairslot.member.store.StandingWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.notification.store.NoticeWrites;
import fairslot.pass.store.PassItemMapper;
import fairslot.pass.store.PassWrites;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import fairslot.waitlist.store.WaitEntryWrites;
import fairslot.waitlist.store.WaitlistEntryMapper;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Taking seats: one transaction for the seat counter, the booking, the (user, slot) guard, the
 * idempotency record, the member's calendar days and the audit record; its cancellation reasons
 * read back as the member's answer. Also the cheap look (probe) for the crowd behind a sell-out.
 */
final class BookingPlacement {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    CALENDAR,
    COUNTERPART,
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

  BookingPlacement(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
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
  }

  PlaceResult place(BookingPlan plan) {
    Booking b = plan.booking();
    Change booked = Change.by(plan.actor(), plan.now(), "booked");
    // "seat" takes the seat: from the slot, or from a waitlist offer.
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.SEAT,
                plan.offer().isPresent()
                    ? WaitEntryWrites.acceptOffer(
                        table, plan.offer().get(), b.bookingId(), b.userId(), plan.now())
                    : seats.sellSeats(BookingClaims.seats(b), booked))
            .addEach(
                Action.COUNTERPART,
                plan.offer().isPresent()
                    ? List.of()
                    : seats.counterpartsFree(b.slot().counterparts()))
            .add(Action.BOOKING, new BookingWrites(table).create(b))
            .add(Action.GUARD, guards.put(b))
            .add(
                Action.UPCOMING,
                upcoming.count(BookingClaims.member(b), plan.rules().upcomingLimit()))
            .addEach(
                Action.CALENDAR,
                plan.calendars().stream()
                    .map(seen -> calendars.add(seen, BookingClaims.calendar(b)))
                    .toList())
            .add(records.auditBooking(b.bookingId(), b.version(), "-", b.status().name(), booked));
    plan.granting()
        .ifPresent(q -> tx.add(Action.REQUEST, requests.grant(q, b.bookingId(), plan.now())));
    plan.idempotency()
        .ifPresent(
            key ->
                tx.add(
                    Action.IDEMPOTENCY, replays.record(key.request(), key.response(), plan.now())));

    if (plan.rules().suspension()) {
      tx.add(Action.STANDING, standings.notSuspended(BookingClaims.member(b), plan.now()));
    }
    if (b.pass().isPresent()) {
      tx.add(Action.PASS, credits.spendCredits(BookingClaims.credits(b)));
    }
    if (b.status() == BookingStatus.PAID) {
      // Free, pass and desk bookings are PAID as placed: confirmed here, as a payment confirms.
      tx.add(notices.bookingConfirmed(b.userId(), b.slotId(), b.bookingId(), plan.now()));
    }

    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new PlaceResult.Placed(b);
    }
    if (cancelled.get().failed(Action.REQUEST)) {
      return new PlaceResult.RequestDecided();
    }
    return whyNotPlaced(cancelled.get(), plan);
  }

  /**
   * Precedence: a replayed request, then a suspension, then an existing booking, then the slot,
   * then the pass, then the member's limit, then the calendar.
   */
  private PlaceResult whyNotPlaced(Transaction.Cancelled<Action> reasons, BookingPlan plan) {
    if (reasons.failed(Action.IDEMPOTENCY)) {
      Optional<Map<String, AttributeValue>> record = reasons.oldItem(Action.IDEMPOTENCY);
      if (record.isPresent()
          && IdempotencyItemMapper.sameRequest(record.get(), plan.idempotency().get().request())) {
        return new PlaceResult.Replay(IdempotencyItemMapper.response(record.get()));
      }
      return new PlaceResult.KeyReused();
    }
    if (reasons.failed(Action.STANDING)) {
      return new PlaceResult.Suspended(
          reasons
              .oldItem(Action.STANDING)
              .map(i -> Attr.instant(i, "suspendedUntil"))
              .orElseThrow());
    }
    if (reasons.failed(Action.GUARD)) {
      return new PlaceResult.AlreadyBooked(
          reasons.oldItem(Action.GUARD).map(i -> Attr.str(i, "bookingId")).orElse(""));
    }
    if (plan.offer().isPresent() && reasons.failed(Action.SEAT)) {
      return new PlaceResult.OfferGone(
          reasons.oldItem(Action.SEAT).map(WaitlistEntryMapper::fromItem));
    }
    if (reasons.failed(Action.SEAT)) {
      return slotRefusal(reasons.oldItem(Action.SEAT), plan.now(), Optional.of(plan.booking()));
    }
    if (reasons.failedAny(Action.COUNTERPART)) {
      // The space is taken through a counterpart (the full court, or one of its halves).
      return new PlaceResult.SoldOut(0);
    }
    if (reasons.failed(Action.PASS)) {
      Booking b = plan.booking();
      return new PlaceResult.PassRefused(
          reasons
              .oldItem(Action.PASS)
              .map(PassItemMapper::fromItem)
              .flatMap(
                  pass ->
                      pass.refusalFor(
                          b.slot().venueId(),
                          b.slot().resourceId(),
                          b.slot().interval().start(),
                          b.quantity()))
              .orElse(Refusal.NOT_FOUND)); // the pass is gone
    }
    if (reasons.failed(Action.UPCOMING)) {
      return new PlaceResult.LimitReached(plan.rules().upcomingLimit().orElseThrow());
    }
    List<MemberCalendar> moved =
        CalendarItemMapper.moved(reasons, Action.CALENDAR, plan.calendars());
    if (!moved.isEmpty()) {
      return new PlaceResult.CalendarsMoved(moved);
    }
    throw new IllegalStateException(
        "booking transaction cancelled for an unexpected reason: " + reasons);
  }

  /**
   * Why the seat condition failed, from the slot as it was (ALL_OLD); {@code newSale} is the
   * booking whose terms (price, policy revision) the condition named.
   */
  static PlaceResult slotRefusal(
      Optional<Map<String, AttributeValue>> slot, Instant now, Optional<Booking> newSale) {
    if (slot.isEmpty()) {
      return new PlaceResult.SlotMissing();
    }
    if (!SlotStatus.OPEN.name().equals(Attr.str(slot.get(), "status"))
        || slot.get().containsKey("venueDisabled")
        || slot.get().containsKey("resourceDisabled")) {
      return new PlaceResult.SlotNotOpen();
    }
    if (!Attr.instant(slot.get(), "startAt").isAfter(now)) {
      return new PlaceResult.SlotStarted();
    }
    if (newSale.isPresent() && termsChanged(slot.get(), newSale.get())) {
      return new PlaceResult.TermsChanged();
    }
    return new PlaceResult.SoldOut(
        Attr.integer(slot.get(), "remaining") - Attr.integer(slot.get(), "forWaitlist"));
  }

  private static boolean termsChanged(Map<String, AttributeValue> slot, Booking b) {
    if (!CounterpartLinks.linksAsRead(b.slot().counterparts(), slot)) {
      return true; // a counterpart was created since the slot was read: read it again
    }
    if (b.pass().isPresent()) {
      return Attr.numOr(slot, "venueRev", 0) != b.slot().policyRev(); // no money price to match
    }
    Money unit = BookingClaims.unitPrice(b);
    return Attr.num(slot, "priceMinor") != unit.minor()
        || !Attr.str(slot, "currency").equals(unit.currency())
        || Attr.numOr(slot, "venueRev", 0) != b.slot().policyRev();
  }

  Optional<PlaceResult> probe(Booking b, Instant now) {
    // One consistent read of the two items the booking's first conditions are about, projected to
    // the attributes those conditions name. A refusal read at one instant is as true as one a
    // failed condition reports; a "could book" decides nothing: the transaction does.
    Map<String, AttributeValue> slotKey = Attr.key(Keys.slot(b.slotId()), "SLOT");
    Map<String, AttributeValue> guardKey =
        Attr.key(Keys.slot(b.slotId()), Keys.memberGuard(b.userId()));
    var response =
        dynamo.batchGetItem(
            r ->
                r.requestItems(
                    Map.of(
                        table,
                        KeysAndAttributes.builder()
                            .keys(slotKey, guardKey)
                            .consistentRead(true)
                            .projectionExpression(
                                "PK, SK, #status, startAt, remaining, forWaitlist, bookingId,"
                                    + " venueDisabled, resourceDisabled")
                            .expressionAttributeNames(Map.of("#status", "status"))
                            .build())));
    if (response.hasUnprocessedKeys() && !response.unprocessedKeys().isEmpty()) {
      return Optional.empty(); // throttled in part: a missing item here proves nothing
    }
    List<Map<String, AttributeValue>> items = response.responses().getOrDefault(table, List.of());
    Optional<Map<String, AttributeValue>> slot =
        items.stream().filter(i -> Attr.str(i, Keys.SK).equals("SLOT")).findFirst();
    Optional<Map<String, AttributeValue>> guard =
        items.stream()
            .filter(i -> Attr.str(i, Keys.SK).equals(Keys.memberGuard(b.userId())))
            .findFirst();
    if (guard.isPresent()) {
      return Optional.of(new PlaceResult.AlreadyBooked(Attr.str(guard.get(), "bookingId")));
    }
    PlaceResult refusal = slotRefusal(slot, now, Optional.empty());
    if (refusal instanceof PlaceResult.SoldOut soldOut
        && soldOut.remaining() >= b.quantity()
        && Attr.integer(slot.get(), "forWaitlist") == 0) {
      return Optional.empty(); // seats there: let the transaction take them
    }
    return Optional.of(refusal);
  }
}
