package fairslot.booking.app;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.BookSeveral;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.Placement;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.app.LotteryStore;
import fairslot.catalog.domain.Slot;
import fairslot.coupon.app.CouponStore;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.pass.app.PassStore;
import fairslot.waitlist.app.WaitlistStore;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Customer bookings: take seats atomically, read them, hand them back. */
public final class BookingService {
  private final CatalogStore catalog;
  private final WaitlistStore waitlist;
  private final BookingStore store;
  private final Clock clock;

  private final RequestEnqueue enqueue;
  private final LotteryEntries lotteryEntries;
  private final BookingPlacer placer;
  private final PlacementJudge judge;
  private final BookingCancellation cancellation;
  private final MemberBookings members;
  private final BookingTransfers transfers;
  private final BookingReschedules reschedules;

  public BookingService(
      CatalogStore catalog,
      BookingStore bookings,
      RequestStore requests,
      BookingQueue queue,
      SeatReleases releases,
      RefundRequests refunds,
      Clock clock,
      IdGenerator ids,
      Function<Booking, StoredResponse> createdResponse,
      PassStore passes,
      MemberBookings members,
      LotteryStore lotteries,
      WaitlistStore waitlist,
      CouponStore coupons) {
    this.waitlist = waitlist;
    this.members = members;
    this.lotteryEntries = new LotteryEntries(requests, lotteries);
    this.catalog = catalog;
    this.store = bookings;
    this.clock = clock;
    this.enqueue = new RequestEnqueue(requests, queue, ids);
    this.cancellation = new BookingCancellation(members, bookings, releases, refunds, clock);
    this.transfers = new BookingTransfers(catalog, bookings, members, clock);
    this.reschedules =
        new BookingReschedules(
            catalog, bookings, members, releases.events(), passes, refunds, clock);
    OverdueHoldReclaim reclaim = new OverdueHoldReclaim(bookings, releases);
    this.judge = new PlacementJudge(catalog, passes, coupons);
    this.placer = new BookingPlacer(catalog, bookings, ids, createdResponse, reclaim);
  }

  /**
   * A booking of several slots (v1.2): every slot's seats in one transaction, or none with the
   * first refusal and its slot. One slot named is a booking of one slot.
   */
  public Outcome<Booked> bookSeveral(BookSeveral command) {
    if (command.slotIds().size() == 1) {
      return book(
          new Book(
              command.userId(),
              command.slotIds().get(0),
              command.quantity(),
              false,
              command.idempotency(),
              command.actor(),
              command.passId()));
    }
    Instant now = clock.instant();
    Placement placement = command.placement();
    int quantity = command.quantity();
    return judge
        .slots(command.slotIds(), quantity, placement, now)
        .then(
            slots ->
                judge
                    .pass(command.userId(), command.passId(), slots, quantity)
                    .then(pass -> placer.place(placement, slots, quantity, pass, now)));
  }

  /** A booking of one slot: placed at once, or a request in its queue or lottery. */
  public Outcome<Booked> book(Book command) {
    Instant now = clock.instant();
    Placement placement = command.placement();
    int quantity = command.quantity();
    return judge
        .slots(List.of(command.slotId()), quantity, placement, now)
        .then(
            slots ->
                judge
                    .pass(command.userId(), command.passId(), slots, quantity)
                    .then(
                        pass -> {
                          Slot decided = slots.get(0);
                          if (command.couponCode().isPresent()) {
                            return judge
                                .coupon(command.couponCode().get(), decided, quantity, pass, now)
                                .then(
                                    coupon ->
                                        placer.place(
                                            placement, slots, quantity, pass, coupon, now));
                          }
                          return switch (decided.admission()) {
                            case QUEUED -> enqueue.enqueue(command, decided, now);
                            case LOTTERY -> lotteryEntries.enter(command, decided, now);
                            case DIRECT -> placer.place(placement, slots, quantity, pass, now);
                          };
                        }));
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
    Optional<Outcome<Booking>> outsideWindow = PlacementJudge.outsideWindow(slot, now);
    if (outsideWindow.isPresent()) {
      return outsideWindow.get();
    }
    // A pass is judged again when the seat is taken: it may have been spent since the request.
    Placement grant =
        new Placement.QueuedGrant(request.userId(), request.requestId(), request.status());
    List<Slot> slots = List.of(slot);
    return judge
        .pass(request.userId(), request.passId(), slots, request.quantity())
        .then(pass -> placer.place(grant, slots, request.quantity(), pass, now))
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
    List<Slot> slots = List.of(slot);
    return judge
        .pass(entry.userId(), passId, slots, 1)
        .then(pass -> placer.place(offer, slots, 1, pass, now))
        .map(booked -> ((Booked.Created) booked).booking());
  }

  /**
   * The member answers their waitlist offer: an open offer becomes a PENDING_PAY booking (with
   * {@code passId}, paid with that pass's credits); an accepted one answers its booking again.
   */
  public Outcome<Booking> acceptWaitlistOffer(
      String userId, String entryId, Optional<String> passId) {
    Optional<WaitlistEntry> found = waitlist.find(entryId).filter(e -> e.userId().equals(userId));
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no waitlist entry " + entryId);
    }
    WaitlistEntry entry = found.get();
    if (entry.status() == WaitlistStatus.ACCEPTED && entry.bookingId().isPresent()) {
      return booking(userId, entry.bookingId().get())
          .<Outcome<Booking>>map(Outcome::done)
          .orElseGet(
              () -> Outcome.refused(Refusal.NOT_FOUND, "no booking " + entry.bookingId().get()));
    }
    if (entry.statusAt(clock.instant()) == WaitlistStatus.EXPIRED) {
      return Outcome.refused(Refusal.OFFER_EXPIRED, "the offer expired");
    }
    if (entry.status() != WaitlistStatus.OFFERED) {
      return Outcome.refused(Refusal.INVALID_TRANSITION, "there is no open offer on this entry");
    }
    Slot slot = catalog.findSlot(entry.slotId()).orElseThrow();
    return acceptOffer(entry, slot, userId, passId);
  }

  /** Gives an open offer up: the seat goes to the next in line. Declining again is harmless. */
  /** AUTO_HOLD (waitlist's {@code OfferHolds}): the offered seat held; else why not. */
  public Optional<Refusal> holdOffer(WaitlistEntry offered, Slot slot, String actor) {
    Outcome<Booking> held = acceptOffer(offered, slot, actor);
    return held instanceof Outcome.Refused<Booking> refused
        ? Optional.of(refused.refusal())
        : Optional.empty();
  }

  /** The member's booking: their own, or a linked walk-in profile's. */
  public Optional<Booking> booking(String userId, String bookingId) {
    return members.find(userId, bookingId);
  }

  /** Every line of {@code b}, lead first, each as it is now ({@code b} alone for one slot). */
  public List<Booking> lines(Booking b) {
    return new WholeBooking(store).lines(b);
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
    return cancellation.cancel(userId, bookingId);
  }

  /**
   * Gives the PAID booking to {@code toUserId} in one transaction (v1.2 "transfer"): the caller's
   * own booking, or with {@code desk} any booking (staff). Refused for a hold, a pass booking, a
   * started slot, an unknown member, and by the recipient's rules.
   */
  public Outcome<Booking> transfer(String caller, boolean desk, String bookingId, String toUserId) {
    return transfers.transfer(caller, desk, bookingId, toUserId);
  }

  /**
   * Moves the booking to {@code toSlotId} of its venue in one transaction (v1.2 "reschedule"): the
   * caller's own booking, or with {@code desk} any booking.
   */
  public Outcome<Booking> reschedule(
      String caller, boolean desk, String bookingId, Optional<String> fromSlotId, String toSlotId) {
    return reschedules.reschedule(caller, desk, bookingId, fromSlotId, toSlotId);
  }
}
