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
import fairslot.domain.Refusal;
import fairslot.domain.RequestStatus;
import fairslot.domain.Slot;
import fairslot.domain.WaitlistEntry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/** Customer bookings: take seats atomically, read them, hand them back. */
public final class BookingService {
  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final RequestStore requests;
  private final BookingQueue queue;
  private final SeatReleases releases;
  private final Refunds refunds;
  private final Clock clock;
  private final IdGenerator ids;
  private final Backoff backoff;
  private final Function<Booking, StoredResponse> createdResponse;

  /**
   * @param createdResponse how a new booking is answered; kept with the idempotency record, in the
   *     booking transaction, so a retry replays the first answer byte for byte
   */
  public BookingService(
      CatalogStore catalog,
      BookingStore bookings,
      RequestStore requests,
      BookingQueue queue,
      SeatReleases releases,
      Refunds refunds,
      Clock clock,
      IdGenerator ids,
      Backoff backoff,
      Function<Booking, StoredResponse> createdResponse) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.requests = requests;
    this.queue = queue;
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
    this.ids = ids;
    this.backoff = backoff;
    this.createdResponse = createdResponse;
  }

  /** {@code actor} is who asked: the member, or the desk booking for a walk-in. */
  public record Book(
      String userId,
      String slotId,
      int quantity,
      boolean joinWaitlist,
      Optional<IdempotentRequest> idempotency,
      String actor) {

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
    if (slot.admission() == Admission.QUEUED) {
      return enqueue(command, slot, now);
    }
    Booking booking = newBooking(command.userId(), command.quantity(), slot, now);
    return placeWithRetries(
        booking,
        slot,
        now,
        command.actor(),
        command.idempotency(),
        createdResponse.apply(booking),
        Optional.empty(),
        Optional.empty());
  }

  /**
   * A QUEUED slot's booking: a request record, then one message in the slot's FIFO group. With an
   * Idempotency-Key the request id derives from user and key, so a retry finds the record and never
   * enqueues again (also after SQS's 5-minute dedup window); the seat counter is not touched here.
   */
  private Outcome<Booked> enqueue(Book command, Slot slot, Instant now) {
    String requestId =
        command
            .idempotency()
            .map(
                i ->
                    UUID.nameUUIDFromBytes(
                            ("request#" + i.scope()).getBytes(StandardCharsets.UTF_8))
                        .toString())
            .orElseGet(ids::newId);
    BookingRequest request =
        new BookingRequest(
            requestId,
            slot.slotId(),
            command.userId(),
            command.quantity(),
            command.joinWaitlist(),
            RequestStatus.QUEUED,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            command.idempotency().map(IdempotentRequest::fingerprint),
            now);
    Optional<BookingRequest> existing = requests.createUnlessExists(request);
    if (existing.isPresent()) {
      if (!existing.get().fingerprint().equals(request.fingerprint())) {
        return Outcome.refused(
            Refusal.IDEMPOTENCY_KEY_REUSED,
            "this Idempotency-Key was used with a different request");
      }
      return Outcome.done(new Booked.Queued(existing.get()));
    }
    queue.enqueue(request, requestId);
    return Outcome.done(new Booked.Queued(request));
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
    Booking booking = newBooking(request.userId(), request.quantity(), slot, now);
    return placeWithRetries(
            booking,
            slot,
            now,
            request.userId(),
            Optional.empty(),
            createdResponse.apply(booking),
            Optional.empty(),
            Optional.of(request.requestId()))
        .map(booked -> ((Booked.Created) booked).booking());
  }

  /**
   * Turns an open waitlist offer into a PENDING_PAY booking (AUTO_HOLD mode does this for the
   * member). The seat is the offer's; calendar and one-booking-per-slot rules apply as for any
   * booking.
   */
  public Outcome<Booking> acceptOffer(WaitlistEntry entry, Slot slot, String actor) {
    Instant now = clock.instant();
    Booking booking = newBooking(entry.userId(), 1, slot, now);
    return placeWithRetries(
            booking,
            slot,
            now,
            actor,
            Optional.empty(),
            createdResponse.apply(booking),
            Optional.of(entry),
            Optional.empty())
        .map(booked -> ((Booked.Created) booked).booking());
  }

  private Outcome<Booked> placeWithRetries(
      Booking booking,
      Slot slot,
      Instant now,
      String actor,
      Optional<IdempotentRequest> idempotency,
      StoredResponse response,
      Optional<WaitlistEntry> fromOffer,
      Optional<String> grantsRequest) {
    List<MemberCalendar> calendars =
        booking.calendarDays().stream()
            .map(d -> MemberCalendar.empty(booking.userId(), d))
            .toList();
    boolean reclaimed = fromOffer.isPresent();
    // A plain booking (no replay to find, no offer, no queued request) on a slot this container saw
    // sold out a moment ago is first looked at with two condition checks: the crowd behind a
    // sell-out
    // is answered by them instead of by full transactions that fail.
    boolean mayProbe = idempotency.isEmpty() && fromOffer.isEmpty() && grantsRequest.isEmpty();
    for (int attempt = 1; attempt <= backoff.maxAttempts(); attempt++) {
      backoff.pauseBefore(attempt);
      PlaceResult result = null;
      if (mayProbe && soldOutRecently(slot.slotId())) {
        result = bookings.probe(booking, now).orElse(null);
      }
      if (result == null) {
        result =
            bookings.place(
                new BookingPlan(
                    booking,
                    now,
                    actor,
                    calendars,
                    idempotency,
                    idempotency.map(i -> response),
                    fromOffer,
                    grantsRequest));
      }
      if (result instanceof PlaceResult.SoldOut) {
        if (soldOutSeen.size() > 10_000) {
          soldOutSeen.clear();
        }
        soldOutSeen.put(slot.slotId(), System.nanoTime());
      }
      if (result instanceof PlaceResult.SoldOut && !reclaimed) {
        // Seats behind holds that ran out are bookable now, not at the next sweep.
        reclaimed = true;
        if (reclaimOverdueHolds(slot, now) > 0) {
          attempt--;
          continue;
        }
      }
      if (result instanceof PlaceResult.CalendarsMoved moved) {
        Optional<String> clash =
            moved.current().stream()
                .flatMap(c -> c.clashWith(slot.interval()).stream())
                .findFirst();
        if (clash.isPresent()) {
          return Outcome.refused(
              Refusal.TIME_CONFLICT,
              "you already hold an overlapping booking",
              Map.of("conflictingBookingId", clash.get()));
        }
        // The member booked something else meanwhile that does not clash: try on the fresh days.
        calendars = merge(calendars, moved.current());
      } else if (!(result instanceof PlaceResult.Contended)) {
        return settled(result, response, slot.slotId());
      }
    }
    return Outcome.refused(
        Refusal.THROTTLED, "too much contention on this slot; try again shortly");
  }

  /** Maps every final result of one placement attempt (all but contention and moved calendars). */
  private static Outcome<Booked> settled(
      PlaceResult result, StoredResponse response, String slotId) {
    if (result instanceof PlaceResult.Placed placed) {
      return Outcome.done(new Booked.Created(placed.booking(), response));
    }
    if (result instanceof PlaceResult.Replay replay) {
      return Outcome.done(new Booked.Replayed(replay.response()));
    }
    if (result instanceof PlaceResult.KeyReused) {
      return Outcome.refused(
          Refusal.IDEMPOTENCY_KEY_REUSED, "this Idempotency-Key was used with a different request");
    }
    if (result instanceof PlaceResult.AlreadyBooked already) {
      return Outcome.refused(
          Refusal.ALREADY_BOOKED,
          "you already have an active booking for this slot",
          Map.of("bookingId", already.existingBookingId()));
    }
    if (result instanceof PlaceResult.SoldOut soldOut) {
      return Outcome.refused(
          Refusal.SOLD_OUT, "not enough seats left", Map.of("remaining", soldOut.remaining()));
    }
    if (result instanceof PlaceResult.SlotNotOpen) {
      return Outcome.refused(Refusal.SLOT_CLOSED, "the slot takes no bookings");
    }
    if (result instanceof PlaceResult.SlotStarted) {
      return Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started");
    }
    if (result instanceof PlaceResult.SlotMissing) {
      return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
    }
    if (result instanceof PlaceResult.RequestDecided) {
      return Outcome.refused(Refusal.INVALID_TRANSITION, "the request was already decided");
    }
    if (result instanceof PlaceResult.OfferGone gone) {
      return Outcome.refused(
          Refusal.OFFER_EXPIRED,
          "the offer is no longer open",
          gone.current()
              .map(e -> Map.<String, Object>of("status", e.status().name()))
              .orElse(Map.of()));
    }
    throw new IllegalStateException("unhandled placement result " + result);
  }

  public Optional<Booking> booking(String userId, String bookingId) {
    return bookings.findBooking(bookingId).filter(b -> b.userId().equals(userId));
  }

  public Page<Booking> bookingsOf(String userId, PageRequest page) {
    return bookings.bookingsOf(userId, page);
  }

  /**
   * Expires the slot's holds that are due, each by its own conditional transition; returns how
   * many. Remembers, per slot, the earliest moment a hold can next fall due: every hold of a slot
   * lasts the slot's holdDuration, so none created later is due earlier. A flash crowd that finds
   * the slot sold out therefore costs one small index query per container, not one per attempt: the
   * first request looks (one item, the earliest hold) while the hundreds arriving with it skip the
   * look (single flight), and only when that hold is due are the due ones read. Only this shortcut
   * is skipped; the sweep still expires every hold.
   */
  int reclaimOverdueHolds(Slot slot, Instant now) {
    String slotId = slot.slotId();
    boolean[] mine = {false};
    noHoldDueBefore.compute(
        slotId,
        (id, quietUntil) -> {
          if (quietUntil != null && now.isBefore(quietUntil)) {
            return quietUntil;
          }
          mine[0] = true;
          return now.plus(RECLAIM_IN_FLIGHT);
        });
    if (!mine[0]) {
      return 0;
    }
    Instant next = now.plus(slot.policy().holdDuration());
    List<Booking> earliest = bookings.holdsOf(slotId, 1);
    if (earliest.isEmpty() || earliest.get(0).holdExpiresAt().orElse(now).isAfter(now)) {
      if (!earliest.isEmpty()) {
        Instant due = earliest.get(0).holdExpiresAt().orElse(next);
        next = due.isBefore(next) ? due : next;
      }
      remember(slotId, next);
      return 0;
    }
    int released = 0;
    List<Booking> holds = bookings.holdsOf(slotId, RECLAIM_BATCH);
    for (Booking hold : holds) {
      Instant due = hold.holdExpiresAt().orElse(now);
      if (due.isAfter(now)) {
        next = due.isBefore(next) ? due : next;
        break;
      }
      if (releases.release(
              hold,
              BookingStatus.EXPIRED,
              Change.expiry(now, "system:reclaim", "hold expired (reclaimed for a booking)"))
          instanceof ReleaseResult.Released) {
        released++;
      }
    }
    if (holds.size() < RECLAIM_BATCH || released == 0) {
      remember(slotId, next);
    } else {
      noHoldDueBefore.remove(
          slotId); // a full batch released: more may be due, let the next one look
    }
    return released;
  }

  private void remember(String slotId, Instant quietUntil) {
    if (noHoldDueBefore.size() > 10_000) {
      noHoldDueBefore.clear();
    }
    noHoldDueBefore.put(slotId, quietUntil);
  }

  /**
   * How long the crowd behind a reclaim in flight skips its own look (the look takes milliseconds).
   */
  private static final java.time.Duration RECLAIM_IN_FLIGHT = java.time.Duration.ofSeconds(1);

  private static final int RECLAIM_BATCH = 25;

  /**
   * Slots this container saw sold out, and when (nanoTime): a hint for looking first, never a
   * decision.
   */
  private final java.util.Map<String, Long> soldOutSeen =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final long SOLD_OUT_HINT_NANOS = 1_000_000_000L;

  private boolean soldOutRecently(String slotId) {
    Long seen = soldOutSeen.get(slotId);
    if (seen == null) {
      return false;
    }
    if (System.nanoTime() - seen < SOLD_OUT_HINT_NANOS) {
      return true;
    }
    soldOutSeen.remove(slotId, seen);
    return false;
  }

  private final java.util.Map<String, Instant> noHoldDueBefore =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The customer's cancel. PENDING_PAY becomes CANCELLED; PAID becomes REFUNDING (before {@code
   * start - cancelCutoff} only) and a refund is requested; the seats return exactly once.
   * Cancelling again returns the booking as it is. A hold past its deadline is expired instead.
   */
  public Outcome<Booking> cancel(String userId, String bookingId) {
    for (int attempt = 1; attempt <= backoff.maxAttempts(); attempt++) {
      backoff.pauseBefore(attempt);
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
          if (!booking.refundableByCustomerAt(now)) {
            return Outcome.refused(
                Refusal.CANCEL_WINDOW_CLOSED,
                "paid bookings can be cancelled until "
                    + booking.slot().cancelCutoff()
                    + " before the start");
          }
          target = BookingStatus.REFUNDING;
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

  private Booking newBooking(String userId, int quantity, Slot slot, Instant now) {
    boolean free = slot.price().isFree();
    return new Booking(
        ids.newId(),
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
