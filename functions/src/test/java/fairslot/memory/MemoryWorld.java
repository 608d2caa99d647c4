package fairslot.memory;

import fairslot.booking.app.Booked;
import fairslot.booking.app.BookingQueue;
import fairslot.booking.app.BookingService;
import fairslot.booking.app.HoldSweep;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.EventPublisher;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.coupon.app.CouponService;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.PaymentProviders;
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.Refunds;
import fairslot.staff.app.DeskService;
import fairslot.staff.app.StaffService;
import fairslot.testing.TestClock;
import fairslot.waitlist.app.WaitlistService;
import fairslot.wallet.app.WalletService;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The application services wired to the in-memory fakes, with a clock the test moves: a service
 * test in milliseconds, no emulator, no process.
 */
public final class MemoryWorld {
  public static final Instant START = Instant.parse("2026-12-01T00:00:00Z");

  public final TestClock clock = new TestClock(START);
  public final MemoryTables tables = new MemoryTables();
  public final MemoryCatalogStore catalogStore = new MemoryCatalogStore(tables);
  public final MemoryBookingStore bookingStore = new MemoryBookingStore(tables);
  public final MemoryRequestStore requestStore = new MemoryRequestStore(tables);
  public final MemoryPaymentStore paymentStore = new MemoryPaymentStore(tables);
  public final MemoryFinanceStore financeStore = new MemoryFinanceStore(tables);
  public final MemoryCustomerProfileStore profileStore = new MemoryCustomerProfileStore();
  public final MemoryWaitlistStore waitlistStore = new MemoryWaitlistStore(tables);
  public final MemoryStandingStore standingStore = new MemoryStandingStore(tables);
  public final MemoryPassStore passStore = new MemoryPassStore(tables);
  public final MemoryWalletStore walletStore = new MemoryWalletStore(tables);
  public final MemoryCouponStore couponStore = new MemoryCouponStore(tables);
  public final MemoryMembershipStore membershipStore = new MemoryMembershipStore(tables);
  public final CouponService coupons;
  public final fairslot.membership.app.MembershipService memberships;
  public final WalletService wallets;
  public final MemoryLotteryStore lotteryStore = new MemoryLotteryStore(tables);
  public final MemoryMemberProfileStore memberProfiles = new MemoryMemberProfileStore();
  public final ScriptedProvider provider = new ScriptedProvider();
  public final MemoryWechatIdentityStore wechatIdentities = new MemoryWechatIdentityStore();
  public final List<SeatReleased> released = new CopyOnWriteArrayList<>();
  public final List<BookingRequest> enqueued = new CopyOnWriteArrayList<>();

  /** How many of {@link #released} were handed to the waitlist so far. */
  private int delivered;

  public final CatalogService catalog;
  public final BookingService bookings;
  public final Refunds refunds;
  public final HoldSweep holdSweep;
  public final PaymentService payments;
  public final StaffService staff;
  public final fairslot.finance.app.FinanceService finance;
  public final DeskService desk;
  public final WaitlistService waitlist;
  public final fairslot.member.app.StandingService standing;
  public final fairslot.pass.app.PassService passService;
  public final fairslot.pass.app.PassExpiry passExpiry;
  public final fairslot.booking.app.NoShowSweep noShows;
  public final fairslot.booking.app.SlotCancellation slotCancel;
  public final fairslot.catalog.app.MinimumDecisions minimums;
  public final fairslot.booking.app.Reconciliation reconciliation;

  public MemoryWorld() {
    IdGenerator ids = IdGenerator.random();
    EventPublisher events = released::add;
    BookingQueue queue = (request, dedup) -> enqueued.add(request);
    SeatReleases releases = new SeatReleases(bookingStore, events);
    PaymentProviders providers = new PaymentProviders(provider);
    refunds =
        new Refunds(
            paymentStore, bookingStore, passStore, walletStore, membershipStore, providers, clock);
    catalog = new CatalogService(catalogStore, clock, ids);
    bookings =
        new BookingService(
            catalogStore,
            bookingStore,
            requestStore,
            queue,
            releases,
            refunds,
            clock,
            ids,
            b -> new StoredResponse(201, "{\"bookingId\":\"" + b.bookingId() + "\"}"),
            passStore,
            new fairslot.booking.app.MemberBookings(bookingStore, memberProfiles),
            lotteryStore,
            waitlistStore,
            couponStore);
    holdSweep = new HoldSweep(bookingStore, releases, clock);
    payments =
        new PaymentService(
            bookingStore,
            passStore,
            paymentStore,
            providers,
            refunds,
            clock,
            ids,
            new fairslot.booking.app.MemberBookings(bookingStore, memberProfiles),
            catalogStore,
            wechatIdentities,
            walletStore,
            membershipStore);
    var prepaid = new fairslot.wallet.app.PrepaidJudge(walletStore, passStore, catalogStore, clock);
    wallets = new WalletService(walletStore, catalogStore, clock, ids, prepaid);
    coupons = new CouponService(couponStore, catalogStore, clock);
    memberships =
        new fairslot.membership.app.MembershipService(membershipStore, catalogStore, clock, ids);
    staff =
        new StaffService(bookingStore, paymentStore, releases, refunds, clock, ids, catalogStore);
    finance =
        new fairslot.finance.app.FinanceService(
            financeStore, paymentStore, bookingStore, catalogStore, refunds, clock);
    desk =
        new DeskService(
            bookings, bookingStore, profileStore, clock, ids, passStore, memberProfiles);
    waitlist = new WaitlistService(catalogStore, waitlistStore, bookings::holdOffer, clock, ids);
    standing =
        new fairslot.member.app.StandingService(
            standingStore, new fairslot.catalog.app.CatalogNoShowRules(catalogStore), clock);
    passService =
        new fairslot.pass.app.PassService(
            passStore, catalogStore, profileStore, clock, ids, prepaid);
    passExpiry = new fairslot.pass.app.PassExpiry(passStore, clock);
    noShows =
        new fairslot.booking.app.NoShowSweep(
            bookingStore, catalogStore, standingStore, standingStore, clock);
    slotCancel =
        new fairslot.booking.app.SlotCancellation(
            catalogStore, bookingStore, waitlistStore, releases, refunds, clock);
    minimums = new fairslot.catalog.app.MinimumDecisions(catalogStore, slotCancel, clock);
    reconciliation =
        new fairslot.booking.app.Reconciliation(catalogStore, new MemoryLedgerStore(tables), clock);
  }

  /** A venue with a 10-minute hold, one resource of {@code kind}, one slot a day ahead. */
  public Slot slot(ResourceKind kind, int capacity, long priceMinor, Admission admission) {
    return slotAt(kind, capacity, priceMinor, admission, START.plus(Duration.ofDays(1)));
  }

  public Slot slotAt(
      ResourceKind kind, int capacity, long priceMinor, Admission admission, Instant start) {
    return slotAt(kind, capacity, priceMinor, admission, start, WaitlistMode.OFFER);
  }

  /** A slot a day ahead whose venue answers released seats in {@code mode}. */
  public Slot slot(ResourceKind kind, int capacity, WaitlistMode mode) {
    return slotAt(kind, capacity, 5000, Admission.DIRECT, START.plus(Duration.ofDays(1)), mode);
  }

  private Slot slotAt(
      ResourceKind kind,
      int capacity,
      long priceMinor,
      Admission admission,
      Instant start,
      WaitlistMode mode) {
    Venue venue =
        catalog.createVenue(
            new CatalogService.CreateVenue(
                "Club",
                ZoneId.of("Asia/Shanghai"),
                new VenuePolicy(
                    Duration.ofMinutes(10),
                    Duration.ofHours(2),
                    Duration.ofMinutes(5),
                    mode,
                    10,
                    fairslot.catalog.domain.BookingWindow.ALWAYS)),
            Optional.empty());
    Resource resource =
        done(
            catalog.createResource(
                new fairslot.catalog.app.CreateResource(venue.venueId(), "Court", kind, capacity),
                Optional.empty()));
    return slotOf(resource, start, priceMinor, admission);
  }

  /**
   * A wallet plan of {@code pay} + {@code bonus} at the venue, bought by {@code user} and paid
   * through the provider: its payment.
   */
  public Payment toppedUp(String user, String venueId, long pay, long bonus) {
    var plan =
        done(
            wallets.createPlan(
                "admin", venueId, "top", new Money(pay, "CNY"), bonus, Optional.empty()));
    var topUp = done(wallets.buy(user, plan.planId(), Optional.empty()));
    var p =
        done(payments.pay(user, new Payable.ForTopUp(topUp.topUpId()), Optional.empty())).payment();
    done(
        payments.callback(
            new PaymentCallback(
                "t-" + p.paymentNo(),
                p.paymentNo(),
                p.payable(),
                p.amount(),
                PaymentCallback.Outcome.SUCCEEDED,
                "")));
    return p;
  }

  public fairslot.booking.domain.Booking booking(String bookingId) {
    return bookingStore.findBooking(bookingId).orElseThrow();
  }

  public fairslot.money.domain.Payment payment(String paymentNo) {
    return paymentStore.findPayment(paymentNo).orElseThrow();
  }

  /** The outbox: notifications written with their transitions, in order. */
  public List<fairslot.notification.domain.Notification> outbox() {
    synchronized (tables.lock) {
      return List.copyOf(tables.outbox);
    }
  }

  /**
   * Hands every SeatReleased published so far to the waitlist, as EventBridge would (each once;
   * {@link #redeliver()} replays them all, as EventBridge may).
   */
  public void deliverReleases() {
    while (delivered < released.size()) {
      SeatReleased e = released.get(delivered++);
      waitlist.onSeatReleased(e.eventId(), e.slotId());
    }
  }

  public void redeliver() {
    for (SeatReleased e : List.copyOf(released)) {
      waitlist.onSeatReleased(e.eventId(), e.slotId());
    }
  }

  /**
   * The seat ledger recounted from the raw items: capacity == remaining + active booking quantities
   * + open offers.
   */
  public int accountedSeats(Slot slot) {
    synchronized (tables.lock) {
      Slot now = tables.slots.get(slot.slotId());
      int booked =
          tables.bookings.values().stream()
              .filter(b -> b.slotId().equals(slot.slotId()) && b.status().isActive())
              .mapToInt(fairslot.booking.domain.Booking::quantity)
              .sum();
      long offers =
          tables.entries.values().stream()
              .filter(e -> e.slotId().equals(slot.slotId()))
              .filter(e -> e.status() == fairslot.waitlist.domain.WaitlistStatus.OFFERED)
              .count();
      return now.remaining() + booked + (int) offers;
    }
  }

  /**
   * Every ledger recounted from the raw tables, as deviations (empty when all hold): each slot's
   * seats, each pack's credits (left + held by PAID bookings + used + forfeited), each member's
   * upcoming counter, and each refund (never more than paid; the payment owes what the booking
   * says).
   */
  public List<String> ledgerDeviations() {
    synchronized (tables.lock) {
      List<String> out = new java.util.ArrayList<>();
      for (Slot slot : tables.slots.values()) {
        if (accountedSeats(slot) != slot.capacity()) {
          out.add("seats of " + slot.slotId() + ": " + accountedSeats(slot));
        }
      }
      for (fairslot.pass.domain.Pass pass : tables.passes.values()) {
        int held =
            tables.bookings.values().stream()
                .filter(b -> b.status() == fairslot.booking.domain.BookingStatus.PAID)
                .filter(b -> b.pass().map(u -> u.passId().equals(pass.passId())).orElse(false))
                .mapToInt(b -> b.pass().get().credits())
                .sum();
        int total =
            pass.creditsLeft()
                + held
                + pass.creditsUsed()
                + pass.creditsForfeited()
                + pass.creditsRefunded();
        if (pass.creditsLeft() < 0 || total != pass.plan().credits()) {
          out.add("credits of " + pass.passId() + ": " + pass + " held " + held);
        }
      }
      java.util.Map<String, Integer> upcoming = new java.util.HashMap<>();
      for (fairslot.booking.domain.Booking b : tables.bookings.values()) {
        if (b.status().isUpcoming()) {
          upcoming.merge(MemoryTables.upcomingKey(b), 1, Integer::sum);
        }
        if (b.refund().isPresent() && b.refund().get().minor() > b.amount().minor()) {
          out.add("refund above the amount paid: " + b);
        }
        if (b.status() == fairslot.booking.domain.BookingStatus.REFUNDING) {
          fairslot.money.domain.Payment p = tables.payments.get(b.paymentNo().orElseThrow());
          // a split payment's wallet part refunds its share beside the rest's (v1.3 rest)
          long toWallet =
              tables
                  .walletPart(p.paymentNo())
                  .map(w -> w.payment())
                  .filter(w -> w.status() != fairslot.money.domain.PaymentStatus.SUCCEEDED)
                  .map(w -> w.refund().minor())
                  .orElse(0L);
          if (p.refund().minor() + toWallet != b.owedBack().minor()) {
            out.add(
                "payment " + p.paymentNo() + " owes " + p.refund() + ", booking " + b.owedBack());
          }
        }
      }
      java.util.Set<String> members = new java.util.HashSet<>(upcoming.keySet());
      members.addAll(tables.upcoming.keySet());
      for (String m : members) {
        if (!upcoming.getOrDefault(m, 0).equals(tables.upcoming.getOrDefault(m, 0))) {
          out.add("upcoming of " + m + ": " + tables.upcoming.get(m) + " vs " + upcoming.get(m));
        }
      }
      return out;
    }
  }

  /** A SEATS resource of 5 at a new venue (UTC) under {@code policy}. */
  public Resource hall(VenuePolicy policy) {
    Venue venue =
        catalog.createVenue(
            new CatalogService.CreateVenue("Club", ZoneId.of("UTC"), policy), Optional.empty());
    return done(
        catalog.createResource(
            new fairslot.catalog.app.CreateResource(venue.venueId(), "Hall", ResourceKind.SEATS, 5),
            Optional.empty()));
  }

  /** An hour's free slot of {@code resource} starting {@code startsIn} from now. */
  public Slot freeSlot(Resource resource, Duration startsIn) {
    return slotOf(resource, clock.instant().plus(startsIn), 0);
  }

  /**
   * An hour's DIRECT slot of {@code resource} from {@code start}, priced {@code priceMinor} CNY.
   */
  public Slot slotOf(Resource resource, Instant start, long priceMinor) {
    return slotOf(resource, start, priceMinor, Admission.DIRECT);
  }

  private Slot slotOf(Resource resource, Instant start, long priceMinor, Admission admission) {
    return done(
        catalog.createSlot(
            new CatalogService.CreateSlot(
                resource.resourceId(),
                start.toString(),
                start.plus(Duration.ofHours(1)).toString(),
                OptionalInt.empty(),
                new Money(priceMinor, "CNY"),
                admission,
                new Assignment(Optional.empty(), Optional.empty())),
            Optional.empty()));
  }

  /** An hour's LOTTERY slot of {@code resource} from {@code start}, its entries closing then. */
  public Slot lotterySlot(Resource resource, Instant start, Instant closes) {
    return done(
        catalog.createSlot(
            new CatalogService.CreateSlot(
                resource.resourceId(),
                start.toString(),
                start.plus(Duration.ofHours(1)).toString(),
                OptionalInt.empty(),
                new Money(3000, "CNY"),
                Admission.LOTTERY,
                new Assignment(Optional.empty(), Optional.empty())),
            Optional.of(closes.toString()),
            Optional.empty()));
  }

  /** The member's booking of one seat of {@code slot} (a hold, or PAID when free). */
  public fairslot.booking.domain.Booking book(String userId, Slot slot) {
    return ((fairslot.booking.app.Booked.Created)
            done(
                bookings.book(
                    fairslot.booking.domain.Book.byMember(
                        userId, slot.slotId(), 1, false, Optional.empty()))))
        .booking();
  }

  /** The default policy with a member limit and a no-show rule. */
  public static VenuePolicy memberRules(
      OptionalInt limit, Optional<fairslot.member.domain.NoShowPolicy> noShows) {
    VenuePolicy d = VenuePolicy.DEFAULT;
    return new VenuePolicy(
        d.holdDuration(),
        d.cancelCutoff(),
        d.offerDuration(),
        WaitlistMode.OFFER,
        4,
        fairslot.catalog.domain.BookingWindow.ALWAYS,
        fairslot.catalog.domain.CancelTiers.NONE,
        limit,
        noShows);
  }

  public Slot current(Slot slot) {
    return catalogStore.findSlot(slot.slotId()).orElseThrow();
  }

  /**
   * {@code user} books one seat of {@code slot} and pays it through the scripted provider, whose
   * success is reported: the payment, SUCCEEDED, its booking PAID.
   */
  public Payment paidOnline(String user, Slot slot) {
    var booked = bookings.book(Book.byMember(user, slot.slotId(), 1, false, Optional.empty()));
    Booking b = ((Booked.Created) done(booked)).booking();
    Payment p =
        done(payments.pay(user, new Payable.ForBooking(b.bookingId()), Optional.empty())).payment();
    done(
        payments.callback(
            new PaymentCallback(
                "paid:" + p.paymentNo(),
                p.paymentNo(),
                b.bookingId(),
                b.total(),
                PaymentCallback.Outcome.SUCCEEDED)));
    return p;
  }

  public static <T> T done(Outcome<T> outcome) {
    if (outcome instanceof Outcome.Done<T> d) {
      return d.value();
    }
    throw new AssertionError("expected done, was " + outcome);
  }
}
