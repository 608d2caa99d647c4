package fairslot.booking.app;

import fairslot.booking.domain.AuditSubject;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingGroup;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MemberRules;
import fairslot.booking.domain.SeatSource;
import fairslot.catalog.app.SeatReleased;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.RefundPartPlan;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.domain.WaitlistEntry;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * Port: bookings and the items that keep them consistent (seat counter, guards, calendars, audit).
 */
public interface BookingStore extends DueBookingStore {

  /**
   * One atomic attempt to place a booking of one slot or several: every line's seats, booking,
   * guard and audit, the member's calendar days (each written once, with every line on it), one
   * count of all lines in their upcoming bookings, and the idempotency record, all or nothing. A
   * refusal names the line it is about.
   */
  PlaceAttempt place(BookingPlan plan);

  /**
   * Whether a booking could be placed right now: one consistent read of the slot's seat facts and
   * the member guard, judged as {@link #place}'s first conditions would be, with the same
   * precedence (an active booking before the slot). Writes nothing. Empty if it could (or the read
   * was throttled); otherwise the refusal place would give. Much cheaper than a placement that
   * fails, so the crowd behind a sell-out is answered by it.
   */
  Optional<PlaceResult> probe(Booking booking, Instant now);

  /**
   * Part of a PAID booking's price refunded by staff: {@code after} (still PAID, keeping less, the
   * part beside it) replaces {@code read} and {@code plan}'s part is put to be paid back, with the
   * request's answer under its Idempotency-Key, in one transaction; nothing is written when the
   * booking or the payment moved since they were read, or the key answered already.
   */
  KeyedWrite refundPart(
      Booking read, Booking after, RefundPartPlan plan, Optional<Replayable> answer, Change change);

  /**
   * One PAID line of a booking of several slots cancelled on its own (the venue cancelled its
   * slot): it moves to CANCELLED and returns its seats, guard, count and calendar entry, and with
   * {@code share} its price is refunded as a part of the booking's payment in the same transaction
   * (on condition the payment is as the plan saw it); the booking keeps its other slots. {@code
   * NotInStatus} when the line or the payment moved since they were read.
   */
  ReleaseResult releaseLine(
      Booking line, Change change, Optional<Notification> notice, Optional<RefundPartPlan> share);

  /** The other lines of {@code booking}'s group, read consistently (none for one slot). */
  List<Booking> otherLines(Booking booking);

  Optional<Booking> findBooking(String bookingId);

  /**
   * The booking the member sees under {@code bookingId}: the booking, or for a line of a booking of
   * several slots, its lead (which carries the payment, the hold and the cancel terms).
   */
  default Optional<Booking> findLead(String bookingId) {
    return findBooking(bookingId)
        .flatMap(b -> b.isOtherLine() ? findBooking(b.leadId()) : Optional.of(b));
  }

  Page<Booking> bookingsOf(String userId, PageRequest page);

  /**
   * Moves an active booking to an inactive status and returns its seats, in one transaction
   * conditioned on the booking still being in {@code booking.status()} (and, with {@link
   * Change#dueBy()}, its hold being due). Moving PAID to REFUNDING also puts its payment up for
   * refund in the same transaction.
   */
  default ReleaseResult release(Booking booking, BookingStatus to, Change change) {
    return release(booking, to, change, Optional.empty());
  }

  /**
   * As {@link #release(Booking, BookingStatus, Change)}, writing {@code notice} to the outbox in
   * the same transaction.
   */
  ReleaseResult release(
      Booking booking, BookingStatus to, Change change, Optional<Notification> notice);

  /**
   * Gives a PAID booking to another member in one transaction: on condition the booking is still
   * the one read (status, owner, version), the recipient holds no active booking of the slot, is
   * within the plan's member rules and their calendar days are as seen; the giver's guard, upcoming
   * count and calendar entries go in the same transaction.
   */
  Transfer.Result transfer(Transfer.Plan plan);

  /**
   * Moves an active booking to another slot of the venue in one transaction: the new slot's seats
   * are taken (its conditions as for a new sale), the old slot's returned (to its waitlist first
   * while people wait), the guard, calendar days and booking item move, on condition the booking is
   * still the one read.
   */
  Reschedule.Result reschedule(Reschedule.Plan plan);

  /** A slot's bookings, every status, oldest first (bookingsBySlot index). */
  Page<Booking> bookingsOfSlot(String slotId, PageRequest page);

  /**
   * Bookings of the slots starting on a venue-local date, every status (bookingsByVenueDay index).
   */
  Page<Booking> bookingsOnVenueDay(String venueId, LocalDate date, PageRequest page);

  /**
   * A move that keeps the seats where they are (PAID to COMPLETED, PENDING_PAY to PAID offline,
   * ...).
   */
  MoveResult move(Booking booking, BookingStatus to, Change change);

  /**
   * One slot's PENDING_PAY bookings, earliest deadline first, at most {@code limit} (holdsBySlot
   * index).
   */
  List<Booking> holdsOf(String slotId, int limit);

  List<MemberCalendar> calendars(String userId, List<LocalDate> days);

  /** One page of a subject's audit trail, oldest first. */
  Page<AuditEntry> audit(AuditSubject subject, String id, PageRequest page);

  /**
   * Everything one booking transaction writes: {@code lines} lead first, each a booking of its slot
   * (several carry their group); {@code calendars} the member's days as last seen. The seat comes
   * from its {@link SeatSource} (an offer or a queued request is one slot's seat); the member rules
   * it checks are {@link MemberRules}; with {@code idempotency}, the answer is stored in the same
   * transaction, so a retry with the key replays it.
   */
  record BookingPlan(
      List<Booking> lines,
      Instant now,
      String actor,
      List<MemberCalendar> calendars,
      SeatSource seat,
      MemberRules rules,
      Optional<Replayable> idempotency) {

    public BookingPlan {
      lines = List.copyOf(lines);
      calendars = List.copyOf(calendars);
      if (lines.isEmpty() || lines.size() > BookingGroup.MAX_SLOTS) {
        throw new IllegalArgumentException(
            "a booking has 1 to " + BookingGroup.MAX_SLOTS + " lines");
      }
      if (!(seat instanceof SeatSource.OpenSale) && lines.size() != 1) {
        throw new IllegalArgumentException("an offer or a queued request is one slot's seat");
      }
    }

    /** A plain booking of one slot from open sale: no member limits, no key. */
    public static BookingPlan openSale(
        Booking booking, Instant now, String actor, List<MemberCalendar> calendars) {
      return new BookingPlan(
          List.of(booking),
          now,
          actor,
          calendars,
          new SeatSource.OpenSale(),
          MemberRules.NONE,
          Optional.empty());
    }

    /** The booking the member sees: the earliest slot's line. */
    public Booking lead() {
      return lines.get(0);
    }

    /** The waitlist offer whose seat the booking takes, if it takes one. */
    public Optional<WaitlistEntry> offer() {
      return seat instanceof SeatSource.Offer o ? Optional.of(o.entry()) : Optional.empty();
    }

    /** The QUEUED request (or lottery entry) the booking grants, and the status it is in. */
    public Optional<SeatSource.QueuedRequest> granting() {
      return seat instanceof SeatSource.QueuedRequest q ? Optional.of(q) : Optional.empty();
    }
  }

  /** The request's key and the answer stored with the booking for its replays. */
  sealed interface PlaceResult {
    record Placed(Booking booking) implements PlaceResult {}

    record Replay(StoredResponse response) implements PlaceResult {}

    record KeyReused() implements PlaceResult {}

    record AlreadyBooked(String existingBookingId) implements PlaceResult {}

    record SoldOut(int remaining) implements PlaceResult {}

    record SlotNotOpen() implements PlaceResult {}

    record SlotStarted() implements PlaceResult {}

    record SlotMissing() implements PlaceResult {}

    /**
     * The slot's price or its venue's policy is no longer what the booking was made under (an admin
     * edited it since the slot facts were read): make it again from the slot as it is.
     */
    record TermsChanged() implements PlaceResult {}

    /** The queued request this booking would grant was already decided (a redelivered message). */
    record RequestDecided() implements PlaceResult {}

    /**
     * The waitlist offer was no longer open (expired, declined, accepted): the entry as it is now.
     */
    record OfferGone(Optional<WaitlistEntry> current) implements PlaceResult {}

    /** The pass may not pay for this booking (spent, expired, or gone meanwhile). */
    record PassRefused(Refusal refusal) implements PlaceResult {}

    /**
     * The coupon may not be redeemed: COUPON_EXHAUSTED, COUPON_ALREADY_USED (the member's limit),
     * or COUPON_INVALID (its dates ended meanwhile).
     */
    record CouponRefused(Refusal refusal) implements PlaceResult {}

    /** The member is suspended at the venue until {@code until} (the no-show rule). */
    record Suspended(Instant until) implements PlaceResult {}

    /** The member already has {@code limit} upcoming bookings at the venue. */
    record LimitReached(int limit) implements PlaceResult {}

    /** The member's calendar changed since it was last seen: here it is as it is now. */
    record CalendarsMoved(List<MemberCalendar> current) implements PlaceResult {}
  }

  /** One placement attempt: the result, and for a refusal the slot it is about. */
  record PlaceAttempt(PlaceResult result, Optional<String> slotId) {}

  sealed interface ReleaseResult {
    /**
     * The booking as released, and a seat release per slot it held (a booking of several slots
     * returns each slot's seats to that slot's own waitlist).
     */
    record Released(Booking booking, List<SeatReleased> events) implements ReleaseResult {
      public Released {
        events = List.copyOf(events);
      }

      public Released(Booking booking, SeatReleased event) {
        this(booking, List.of(event));
      }

      /** The release of the booking's own slot. */
      public SeatReleased event() {
        return events.get(0);
      }
    }

    /** The booking was no longer in the expected status (or not due); here it is as it is now. */
    record NotInStatus(Booking current) implements ReleaseResult {}
  }

  sealed interface MoveResult {
    record Moved(Booking booking) implements MoveResult {}

    record NotInStatus(Booking current) implements MoveResult {}
  }
}
