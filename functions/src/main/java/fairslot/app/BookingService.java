package fairslot.app;

import fairslot.app.BookingStore.BookingPlan;
import fairslot.app.BookingStore.PlaceResult;
import fairslot.app.BookingStore.ReleaseResult;
import fairslot.domain.Admission;
import fairslot.domain.BookedSlot;
import fairslot.domain.Booking;
import fairslot.domain.BookingRequest;
import fairslot.domain.BookingStatus;
import fairslot.domain.MemberCalendar;
import fairslot.domain.Outcome;
import fairslot.domain.Pass;
import fairslot.domain.PassUse;
import fairslot.domain.Refusal;
import fairslot.domain.Slot;
import fairslot.domain.WaitlistEntry;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Customer bookings: take seats atomically, read them, hand them back. */
public final class BookingService {
  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final SeatReleases releases;
  private final Refunds refunds;
  private final Clock clock;
  private final IdGenerator ids;
  private final Function<Booking, StoredResponse> createdResponse;

  /**
   * Re-reads after someone else's write moved what this request saw (the member's calendar, the
   * booking's status). Each such miss means another request succeeded, so these loops retry at once
   * and end; faults and contention are retried below, by the SDK's policy
   * (fairslot.aws.AwsRetries).
   */
  private static final int MAX_ATTEMPTS = 6;

  private final PassStore passes;
  private final OverdueHoldReclaim reclaim;
  private final RequestEnqueue enqueue;
  private final SoldOutHints soldOut = new SoldOutHints();

  /**
   * @param createdResponse how a new booking is answered; kept with the idempotency record, in the
   *     booking transaction, so a retry replays the first answer byte for byte
   */
  private final MemberBookings members;

  public BookingService(
      CatalogStore catalog,
      BookingStore bookings,
      RequestStore requests,
      BookingQueue queue,
      SeatReleases releases,
      Refunds refunds,
      Clock clock,
      IdGenerator ids,
      Function<Booking, StoredResponse> createdResponse,
      PassStore passes,
      MemberBookings members) {
    this.passes = passes;
    this.members = members;
    this.catalog = catalog;
    this.bookings = bookings;
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
    this.ids = ids;
    this.createdResponse = createdResponse;
    this.reclaim = new OverdueHoldReclaim(bookings, releases);
    this.enqueue = new RequestEnqueue(requests, queue, ids);
  }

  /** {@code actor} is who asked: the member, or the desk booking for a walk-in. */
  public record Book(
      String userId,
      String slotId,
      int quantity,
      boolean joinWaitlist,
      Optional<IdempotentRequest> idempotency,
      String actor,
      Optional<String> passId) {

    /** A booking paid with money. */
    public Book(
        String userId,
        String slotId,
        int quantity,
        boolean joinWaitlist,
        Optional<IdempotentRequest> idempotency,
        String actor) {
      this(userId, slotId, quantity, joinWaitlist, idempotency, actor, Optional.empty());
    }

    public static Book byMember(
        String userId,
        String slotId,
        int quantity,
        boolean joinWaitlist,
        Optional<IdempotentRequest> idempotency) {
      return new Book(userId, slotId, quantity, joinWaitlist, idempotency, userId);
    }
  }

  /** A new booking, or the stored answer to an earlier request with the same idempotency key. */
  public sealed interface Booked {
    record Created(Booking booking, StoredResponse response) implements Booked {}

    record Replayed(StoredResponse response) implements Booked {}

    /** A QUEUED slot: the request is accepted and will be decided in arrival order. */
    record Queued(BookingRequest request) implements Booked {}
  }

  public Outcome<Booked> book(Book command) {
    Optional<Slot> found = catalog.slotFacts(command.slotId());
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no slot " + command.slotId());
    }
    // Only facts that never change are judged from this read; seats, status and the member's
    // other bookings are decided by the transaction's own conditions.
    Slot slot = found.get();
    int max = Math.min(slot.policy().maxPerBooking(), slot.capacity());
    if (command.quantity() < 1 || command.quantity() > max) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "quantity must be between 1 and " + max);
    }
    Instant now = clock.instant();
    if (slot.hasStarted(now)) {
      return Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started");
    }
    // The desk books for a customer (actor and member differ) at any time before the start.
    boolean windowApplies = command.actor().equals(command.userId());
    Optional<Outcome<Booked>> outsideWindow =
        windowApplies ? outsideWindow(slot, now) : Optional.empty();
    if (outsideWindow.isPresent()) {
      // The cached facts may predate an edit that opened the window: a refusal is judged on the
      // slot as it is (a booking, by the transaction's revision condition).
      slot = catalog.findSlot(slot.slotId()).orElse(slot);
      outsideWindow = outsideWindow(slot, now);
    }
    if (outsideWindow.isPresent()) {
      return outsideWindow.get();
    }
    Slot decided = slot;
    return withPass(
            newBooking(command.userId(), command.quantity(), decided, now),
            command.passId(),
            decided)
        .then(
            booking ->
                decided.admission() == Admission.QUEUED
                    ? enqueue.enqueue(command, decided, now)
                    : placeWithRetries(
                        windowApplies,
                        booking,
                        decided,
                        now,
                        command.actor(),
                        command.idempotency(),
                        createdResponse.apply(booking),
                        Optional.empty(),
                        Optional.empty()));
  }

  /**
   * The FIFO consumer's booking for a queued request: the same transaction as a direct booking,
   * which also moves the request QUEUED to GRANTED.
   */
  public Outcome<Booking> placeQueued(BookingRequest request) {
    Optional<Slot> found = catalog.findSlot(request.slotId());
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no slot " + request.slotId());
    }
    Slot slot = found.get();
    Instant now = clock.instant();
    if (slot.hasStarted(now)) {
      return Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started");
    }
    // Judged when the request is decided: the window is about when the seat is taken.
    Optional<Outcome<Booking>> outsideWindow = outsideWindow(slot, now);
    if (outsideWindow.isPresent()) {
      return outsideWindow.get();
    }
    // A pass is judged again when the seat is taken: it may have been spent since the request.
    return withPass(
            newBooking(request.userId(), request.quantity(), slot, now), request.passId(), slot)
        .then(
            booking ->
                placeWithRetries(
                    true,
                    booking,
                    slot,
                    now,
                    request.userId(),
                    Optional.empty(),
                    createdResponse.apply(booking),
                    Optional.empty(),
                    Optional.of(request.requestId())))
        .map(booked -> ((Booked.Created) booked).booking());
  }

  /**
   * Turns an open waitlist offer into a PENDING_PAY booking (AUTO_HOLD mode does this for the
   * member). The seat is the offer's; calendar and one-booking-per-slot rules apply as for any
   * booking.
   */
  public Outcome<Booking> acceptOffer(WaitlistEntry entry, Slot slot, String actor) {
    return acceptOffer(entry, slot, actor, Optional.empty());
  }

  /**
   * As above; with {@code passId} (the member's own accept), the seat is paid with the pass's
   * credits in the same transaction, as a booking with a pass is.
   */
  public Outcome<Booking> acceptOffer(
      WaitlistEntry entry, Slot slot, String actor, Optional<String> passId) {
    Instant now = clock.instant();
    return withPass(newBooking(entry.userId(), 1, slot, now), passId, slot)
        .then(
            booking ->
                placeWithRetries(
                    false,
                    booking,
                    slot,
                    now,
                    actor,
                    Optional.empty(),
                    createdResponse.apply(booking),
                    Optional.of(entry),
                    Optional.empty()))
        .map(booked -> ((Booked.Created) booked).booking());
  }

  /**
   * {@code b} paid with the member's pass, if one is named: judged first from the pass as read, for
   * a clear answer (404 for a pass that is not theirs); the booking transaction states the same
   * rules as conditions.
   */
  private Outcome<Booking> withPass(Booking b, Optional<String> passId, Slot slot) {
    if (passId.isEmpty()) {
      return Outcome.done(b);
    }
    Optional<Pass> pass = passes.findPass(b.userId(), passId.get());
    if (pass.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no pass " + passId.get());
    }
    Optional<Refusal> refusal =
        pass.get()
            .refusalFor(slot.venueId(), slot.resourceId(), slot.interval().start(), b.quantity());
    if (refusal.isPresent()) {
      return Outcome.refused(refusal.get(), PlacementOutcomes.passDetail(refusal.get()));
    }
    return Outcome.done(paidWithPass(b, pass.get()));
  }

  private Outcome<Booked> placeWithRetries(
      boolean windowApplies,
      Booking booking,
      Slot slot,
      Instant now,
      String actor,
      Optional<IdempotentRequest> idempotency,
      StoredResponse response,
      Optional<WaitlistEntry> fromOffer,
      Optional<String> grantsRequest) {
    String userId = booking.userId();
    List<MemberCalendar> calendars =
        booking.calendarDays().stream().map(d -> MemberCalendar.empty(userId, d)).toList();
    boolean reclaimed = fromOffer.isPresent();
    // A plain booking (no replay to find, no offer, no queued request) on a slot this container saw
    // sold out a moment ago is first looked at with two condition checks: the crowd behind a
    // sell-out is answered by them instead of by full transactions that fail.
    boolean mayProbe = idempotency.isEmpty() && fromOffer.isEmpty() && grantsRequest.isEmpty();
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      PlaceResult result = null;
      if (mayProbe && soldOut.soldOutRecently(slot.slotId())) {
        result = bookings.probe(booking, now).orElse(null);
      }
      if (result == null) {
        StoredResponse answer = response;
        result =
            bookings.place(
                new BookingPlan(
                    booking,
                    now,
                    actor,
                    calendars,
                    idempotency,
                    idempotency.map(i -> answer),
                    fromOffer,
                    grantsRequest,
                    upcomingLimit(slot, userId, actor),
                    bindsPolicy(userId, actor) && slot.policy().noShowPolicy().isPresent()));
      }
      if (result instanceof PlaceResult.TermsChanged) {
        // An admin changed the price or the venue policy since this container's slot facts were
        // read: new bookings are made under the new terms, so make this one again from the slot as
        // it is, and try again.
        slot = catalog.findSlot(slot.slotId()).orElse(slot);
        if (windowApplies) {
          Optional<Outcome<Booked>> closed = outsideWindow(slot, now);
          if (closed.isPresent()) {
            return closed.get(); // the new policy's window is shut
          }
        }
        Optional<PassUse> use = booking.pass();
        booking = newBooking(booking.bookingId(), booking.userId(), booking.quantity(), slot, now);
        if (use.isPresent()) {
          booking = paidWithPass(booking, use.get()); // still paid with the same pass
        }
        response = createdResponse.apply(booking);
        continue;
      }
      if (result instanceof PlaceResult.SoldOut) {
        soldOut.sawSoldOut(slot.slotId());
      }
      if (result instanceof PlaceResult.SoldOut && !reclaimed) {
        // Seats behind holds that ran out are bookable now, not at the next sweep.
        reclaimed = true;
        if (reclaim.reclaim(slot, now) > 0) {
          attempt--;
          continue;
        }
      }
      if (result instanceof PlaceResult.CalendarsMoved moved) {
        fairslot.domain.Interval wanted = slot.interval();
        Optional<String> clash =
            moved.current().stream().flatMap(c -> c.clashWith(wanted).stream()).findFirst();
        if (clash.isPresent()) {
          return Outcome.refused(
              Refusal.TIME_CONFLICT,
              "you already hold an overlapping booking",
              Map.of("conflictingBookingId", clash.get()));
        }
        // The member booked something else meanwhile that does not clash: try on the fresh days.
        calendars = merge(calendars, moved.current());
      } else {
        return PlacementOutcomes.of(result, response, slot.slotId(), slot.timeZone());
      }
    }
    return Outcome.refused(
        Refusal.THROTTLED, "too much contention on this slot; try again shortly");
  }

  /**
   * The venue's booking window (v1.1 "Booking policy"), judged under the policy the booking copies:
   * the transaction's revision condition makes sure that policy is still the slot's. It limits
   * members booking for themselves; a waitlist offer, a desk booking and a late payment's revival
   * are not new bookings by the member and are not judged by it.
   */
  private <T> Optional<Outcome<T>> outsideWindow(Slot slot, Instant now) {
    var window = slot.policy().bookingWindow();
    Instant start = slot.interval().start();
    if (window.isOpen(start, now)) {
      return Optional.empty();
    }
    Map<String, Object> when = new java.util.LinkedHashMap<>();
    window
        .opensAt(start)
        .ifPresent(at -> when.put("opensAt", fairslot.domain.VenueTime.show(at, slot.timeZone())));
    when.put("closesAt", fairslot.domain.VenueTime.show(window.closesAt(start), slot.timeZone()));
    return Optional.of(
        Outcome.refused(
            Refusal.BOOKING_WINDOW_CLOSED,
            now.isBefore(window.closesAt(start))
                ? "booking for this slot has not opened yet"
                : "booking for this slot has closed",
            when));
  }

  /** The member's booking: their own, or a linked walk-in profile's. */
  public Optional<Booking> booking(String userId, String bookingId) {
    return members.find(userId, bookingId);
  }

  public Page<Booking> bookingsOf(String userId, PageRequest page) {
    return members.list(userId, page);
  }

  /**
   * The customer's cancel. PENDING_PAY becomes CANCELLED; PAID becomes REFUNDING (before {@code
   * start - cancelCutoff} only) and a refund is requested; the seats return exactly once.
   * Cancelling again returns the booking as it is. A hold past its deadline is expired instead.
   */
  public Outcome<Booking> cancel(String userId, String bookingId) {
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      Optional<Booking> found = booking(userId, bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Booking booking = found.get();
      Instant now = clock.instant();
      BookingStatus target;
      switch (booking.status()) {
        case CANCELLED, EXPIRED, REFUNDING, REFUNDED, REFUND_FAILED -> {
          return Outcome.done(booking);
        }
        case PENDING_PAY ->
            target = booking.isOverdueHold(now) ? BookingStatus.EXPIRED : BookingStatus.CANCELLED;
        case PAID -> {
          Optional<fairslot.domain.Money> refund = booking.customerRefundAt(now);
          if (refund.isEmpty()) {
            // Past the last tier: the tiers are the booking's own copy, made when it was booked.
            Instant closed =
                booking
                    .slot()
                    .cancelTiers()
                    .closesAt(booking.slot().interval().start())
                    .orElseThrow();
            String at = fairslot.domain.VenueTime.show(closed, booking.slot().timeZone());
            return Outcome.refused(
                Refusal.CANCEL_WINDOW_CLOSED,
                "paid bookings can be cancelled until " + at,
                Map.of("closedAt", at));
          }
          if (booking.releasedFromPaid() == BookingStatus.CANCELLED) {
            target = BookingStatus.CANCELLED; // a pass's credits go back; free: nothing moves
          } else {
            booking = booking.refunding(refund.get());
            target = BookingStatus.REFUNDING;
          }
        }
        default -> {
          return Outcome.refused(
              Refusal.INVALID_TRANSITION, "a " + booking.status() + " booking cannot be cancelled");
        }
      }
      Change change =
          target == BookingStatus.EXPIRED
              ? Change.expiry(now, userId, "hold expired (found by a cancel)")
              : Change.by(userId, now, "cancelled by the customer");
      ReleaseResult result = releases.release(booking, target, change);
      if (result instanceof ReleaseResult.Released released) {
        if (target == BookingStatus.REFUNDING) {
          booking.paymentNo().ifPresent(refunds::attemptNow);
        }
        return Outcome.done(released.booking());
      }
      // NotInStatus: someone else moved it (a concurrent cancel, the sweep, a payment): look again.
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again shortly");
  }

  /**
   * The venue's limit on a member's upcoming bookings, like a no-show suspension, binds every
   * booking made for the member: their own (a waitlist accept included) and the system's on their
   * behalf (AUTO_HOLD, a queued grant). Only the desk books past it, as staff's decision (its
   * bookings count).
   */
  private static java.util.OptionalInt upcomingLimit(Slot slot, String userId, String actor) {
    return bindsPolicy(userId, actor)
        ? slot.policy().maxUpcomingPerMember()
        : java.util.OptionalInt.empty();
  }

  /** The member's own placement or the system's for them; not staff's at the desk. */
  private static boolean bindsPolicy(String userId, String actor) {
    return userId.equals(actor) || actor.startsWith(SYSTEM_ACTOR);
  }

  /** The prefix of every actor that is a job or consumer rather than a person. */
  static final String SYSTEM_ACTOR = "system:";

  /** The booking paid by the pass: PAID at once, no money, the credits the plan takes. */
  private static Booking paidWithPass(Booking b, Pass pass) {
    return paidWithPass(b, new PassUse(pass.passId(), pass.plan().creditsFor(b.quantity())));
  }

  private static Booking paidWithPass(Booking b, PassUse use) {
    return new Booking(
            b.bookingId(),
            b.userId(),
            b.quantity(),
            BookingStatus.PAID,
            new fairslot.domain.Money(0, b.amount().currency()),
            Optional.empty(),
            b.createdAt(),
            Optional.empty(),
            b.slot(),
            b.version())
        .paidWith(use);
  }

  private Booking newBooking(String userId, int quantity, Slot slot, Instant now) {
    return newBooking(ids.newId(), userId, quantity, slot, now);
  }

  private static Booking newBooking(
      String bookingId, String userId, int quantity, Slot slot, Instant now) {
    boolean free = slot.price().isFree();
    return new Booking(
        bookingId,
        userId,
        quantity,
        free ? BookingStatus.PAID : BookingStatus.PENDING_PAY,
        slot.price().times(quantity),
        free ? Optional.empty() : Optional.of(now.plus(slot.policy().holdDuration())),
        now,
        Optional.empty(),
        BookedSlot.of(slot),
        1);
  }

  private static List<MemberCalendar> merge(
      List<MemberCalendar> seen, List<MemberCalendar> current) {
    return seen.stream()
        .map(s -> current.stream().filter(c -> c.day().equals(s.day())).findFirst().orElse(s))
        .toList();
  }
}
