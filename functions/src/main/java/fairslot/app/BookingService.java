package fairslot.app;

import fairslot.app.BookingStore.ReleaseResult;
import fairslot.domain.Admission;
import fairslot.domain.Booking;
import fairslot.domain.BookingRequest;
import fairslot.domain.BookingStatus;
import fairslot.domain.Outcome;
import fairslot.domain.Refusal;
import fairslot.domain.Slot;
import fairslot.domain.WaitlistEntry;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Customer bookings: take seats atomically, read them, hand them back. */
public final class BookingService {
  private final CatalogStore catalog;
  private final SeatReleases releases;
  private final Refunds refunds;
  private final Clock clock;

  /**
   * Re-reads after someone else's write moved the booking's status (a concurrent cancel, the sweep,
   * a payment): each such miss means another request succeeded, so the cancel loop retries at once
   * and ends; faults and contention are retried below, by the SDK's policy.
   */
  private static final int MAX_ATTEMPTS = 6;

  private final RequestEnqueue enqueue;
  private final BookingPlacer placer;
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
    this.members = members;
    this.catalog = catalog;
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
    this.enqueue = new RequestEnqueue(requests, queue, ids);
    this.placer =
        new BookingPlacer(
            catalog,
            bookings,
            passes,
            ids,
            createdResponse,
            new OverdueHoldReclaim(bookings, releases));
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

    /** The kind of placement: the member's own, or the desk's for a customer. */
    Placement placement() {
      return actor.equals(userId)
          ? new Placement.ByMember(userId, idempotency)
          : new Placement.AtDesk(userId, actor, idempotency);
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
    // The desk books for a customer at any time before the start.
    Placement placement = command.placement();
    Optional<Outcome<Booked>> outsideWindow =
        placement.windowApplies() ? BookingPlacer.outsideWindow(slot, now) : Optional.empty();
    if (outsideWindow.isPresent()) {
      // The cached facts may predate an edit that opened the window: a refusal is judged on the
      // slot as it is (a booking, by the transaction's revision condition).
      slot = catalog.findSlot(slot.slotId()).orElse(slot);
      outsideWindow = BookingPlacer.outsideWindow(slot, now);
    }
    if (outsideWindow.isPresent()) {
      return outsideWindow.get();
    }
    Slot decided = slot;
    return placer
        .withPass(
            placer.newBooking(command.userId(), command.quantity(), decided, now),
            command.passId(),
            decided)
        .then(
            booking ->
                decided.admission() == Admission.QUEUED
                    ? enqueue.enqueue(command, decided, now)
                    : placer.place(placement, booking, decided, now));
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
    Optional<Outcome<Booking>> outsideWindow = BookingPlacer.outsideWindow(slot, now);
    if (outsideWindow.isPresent()) {
      return outsideWindow.get();
    }
    // A pass is judged again when the seat is taken: it may have been spent since the request.
    Placement grant = new Placement.QueuedGrant(request.userId(), request.requestId());
    return placer
        .withPass(
            placer.newBooking(request.userId(), request.quantity(), slot, now),
            request.passId(),
            slot)
        .then(booking -> placer.place(grant, booking, slot, now))
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
    Placement offer = new Placement.FromOffer(entry, actor);
    return placer
        .withPass(placer.newBooking(entry.userId(), 1, slot, now), passId, slot)
        .then(booking -> placer.place(offer, booking, slot, now))
        .map(booked -> ((Booked.Created) booked).booking());
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
}
