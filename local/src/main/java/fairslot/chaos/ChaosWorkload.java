package fairslot.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run's random mixed workload with faults on (crowds, payments, cancels, waitlists, the desk,
 * moves, lotteries, staff, integrations, WeChat members, passes...), every job racing all of it; it
 * records every booking an answer named, for the checks.
 */
final class ChaosWorkload {
  private static final String ADMIN = "admin";
  private final ChaosWorld world;
  private final Random random;

  /** Bookings some answer named (201, replay, desk, accept, granted request). */
  final Set<String> namedBookings = ConcurrentHashMap.newKeySet();

  /** paymentNo -> the bookingId it pays, for payments the provider reported SUCCEEDED. */
  final Map<String, String> succeeded = new ConcurrentHashMap<>();

  /** Payments whose success the provider reports late, after the clock moved past the hold. */
  final Map<String, String> latePayments = new ConcurrentHashMap<>();

  /** WeChat payments whose payer pays only after the clock moved past the hold. */
  final Map<String, String> lateWechat = new ConcurrentHashMap<>();

  /** Stripe intents (with their payment and booking) whose card succeeds only after the hold. */
  final Map<String, String[]> lateStripe = new ConcurrentHashMap<>();

  /** Stripe disputes the run opened: disputeId -> {bookingId, "open"|"won"|"lost"}. */
  final Map<String, String[]> disputes = new ConcurrentHashMap<>();

  final Set<String> deskBookings = ConcurrentHashMap.newKeySet();
  final List<String> slots = Collections.synchronizedList(new ArrayList<>());
  final Set<String> queuedRequests = ConcurrentHashMap.newKeySet();
  String cancelledSlot; // 4; minimumSlot 11, lotterySlot 12
  String minimumSlot, lotterySlot;
  private final ChaosCombined combined; // a full court and its halves (issue 35)
  private final ChaosGroups groups; // bookings of several slots (issue 32)
  private final ChaosWaiters waiters;
  String autoVenue;
  static final int AUTO_LIMIT = 1; // the AUTO_HOLD venue's maxUpcomingPerMember
  final ChaosVenueStaff venueStaff; // the venues' own staff (issue 33)

  final ChaosIntegrations integrations; // check-in tickets and calendar feeds (issue 37)
  final ChaosWebhooks webhooks; // outbound webhooks to a receiver that refuses 30 % (issue 37)
  final ChaosErasures erasures; // members erased while they book and the job runs (issue 37)
  final ChaosWechatMembers wechatMembers; // WeChat sign-ins, refreshes, grants (issue 63)
  final ChaosPasses passes; // packs paid, spent and refunded by finance (issue 60)
  final ChaosWallets wallets; // top-ups, holds paid from the wallet at once (issue 64)
  final ChaosCoupons coupons; // members racing for a coupon's redemptions (issue 64)

  private String offerVenue;

  ChaosWorkload(ChaosWorld world, long seed) {
    this.world = world;
    this.random = new Random(seed);
    this.venueStaff = new ChaosVenueStaff(world, this);
    this.integrations = new ChaosIntegrations(world, this);
    this.webhooks = new ChaosWebhooks(world, seed);
    this.erasures = new ChaosErasures(world, this);
    this.combined = new ChaosCombined(world, this, random);
    this.groups = new ChaosGroups(world, this, random);
    this.waiters = new ChaosWaiters(world, this, random);
    this.wechatMembers = new ChaosWechatMembers(world, this, random);
    this.passes = new ChaosPasses(world, this, random);
    this.wallets = new ChaosWallets(world, this, random);
    this.coupons = new ChaosCoupons(world, this, random);
  }

  /** Venues, resources and slots, made before the faults are switched on. */
  void setUp() {
    var catalog = new ChaosCatalog(world);
    offerVenue = catalog.venue("{\"holdDuration\":\"PT10M\",\"offerDuration\":\"PT5M\"}");
    webhooks.setUp(offerVenue); // before anything of the venue happens
    autoVenue =
        catalog.venue(
            "{\"holdDuration\":\"PT10M\",\"waitlistMode\":\"AUTO_HOLD\",\"maxUpcomingPerMember\":"
                + AUTO_LIMIT
                + "}");
    slots.add(
        catalog.slot(slots.size(), offerVenue, 6 + random.nextInt(8), "DIRECT")); // 0: the crowd
    slots.add(
        catalog.slot(
            slots.size(), offerVenue, 2 + random.nextInt(3), "DIRECT")); // 1: waitlist, OFFER mode
    slots.add(
        catalog.slot(
            slots.size(), offerVenue, 4 + random.nextInt(5), "QUEUED")); // 2: queued admission
    slots.add(
        catalog.slot(
            slots.size(),
            autoVenue,
            2 + random.nextInt(3),
            "DIRECT")); // 3: waitlist, AUTO_HOLD mode
    slots.add(
        catalog.slot(slots.size(), offerVenue, 5, "DIRECT")); // 4: cancelled by the admin mid-run
    cancelledSlot = slots.get(4);
    slots.add(catalog.slot(slots.size(), offerVenue, 6, "DIRECT", 0)); // 5: free
    // 6: free (PAID at once, so its members stay at the limit while the AUTO_HOLD seats free up)
    slots.add(catalog.slot(slots.size(), autoVenue, 40, "DIRECT", 0));
    slots.add(catalog.slot(slots.size(), offerVenue, 4, "DIRECT", 0)); // 7: free, then cancelled
    slots.add(catalog.slot(slots.size(), offerVenue, 12, "DIRECT", 0)); // 8: free, given away
    slots.add(catalog.slot(slots.size(), offerVenue, 3, "DIRECT")); // 9: holds moved here
    slots.add(catalog.slot(slots.size(), offerVenue, 3, "DIRECT", 0)); // 10: free seats moved here
    minimumSlot = new ChaosMinimums(world, this, random).slot(slots.size(), offerVenue); // 11
    slots.add(minimumSlot);
    lotterySlot = new ChaosLottery(world, this, random).slot(slots.size(), offerVenue); // 12
    slots.add(lotterySlot);
    venueStaff.setUp(offerVenue, autoVenue);
    integrations.setUp(slots.size(), offerVenue);
    combined.setUp(slots.size() + 1, offerVenue);
    groups.setUp(catalog, slots.size() + 40, offerVenue);
    erasures.setUp(slots.size() + 8, offerVenue);
    passes.setUp(catalog, slots.size() + 50, offerVenue);
    wallets.setUp(catalog, slots.size() + 52, offerVenue);
    coupons.setUp(catalog, slots.size() + 56, offerVenue);
    ChaosBookingShapes transfers = new ChaosBookingShapes(world, this);
    for (int i = 0; i < 6; i++) {
      transfers.member("y" + i);
      transfers.member("aw" + i); // the AUTO_HOLD venue's waiters, at its limit by then
    }
    slots.add(catalog.slot(slots.size() + 30, offerVenue, 4, "DIRECT", 3500)); // 13: cheaper
  }

  void play() throws Exception {
    List<Callable<Object>> wave = new ArrayList<>();
    ChaosCrowd crowd = new ChaosCrowd(world, this, random);
    for (int i = 0, n = 25 + random.nextInt(30); i < n; i++) {
      String user = "m" + i;
      boolean pay = random.nextInt(3) > 0;
      // a third book with no key (the guard then names a lost answer's booking), and so take the
      // sold-out probe: its BatchGetItem meets unprocessed keys and the read ceiling
      String key = random.nextInt(3) == 0 ? null : "k-" + user + "-" + slots.get(0);
      boolean cancel = random.nextInt(5) == 0;
      wave.add(() -> crowd.member(user, slots.get(0), key, pay, cancel));
    }
    for (int i = 0; i < 12; i++) {
      String user = "w" + i;
      wave.add(() -> waiters.bookOrWait(user, slots.get(1)));
      // Waiting at the AUTO_HOLD slot, then at the venue's limit elsewhere: a hold must not pass
      // it.
      wave.add(
          () -> {
            waiters.bookOrWait("a" + user, slots.get(3));
            return book("a" + user, slots.get(6), "k6-a" + user);
          });
    }
    ChaosFreeBookings free = new ChaosFreeBookings(world, this);
    for (int i = 0; i < 6; i++) {
      int n = i;
      wave.add(() -> free.bookAndRelease("f" + n, slots.get(5), n % 3));
      wave.add(() -> free.bookAndRelease("g" + n, slots.get(7), 2));
    }
    wave.add(() -> free.cancelSlot(slots.get(7), random.nextInt(200)));
    new ChaosMinimums(world, this, random).early(minimumSlot, wave);
    new ChaosLottery(world, this, random).early(lotterySlot, wave);
    ChaosBookingShapes transfers = new ChaosBookingShapes(world, this);
    for (int i = 0; i < 6; i++) {
      String to = "y" + i;
      wave.add(() -> transfers.bookAndMove("mv" + to, slots.get(0), slots.get(9)));
      wave.add(() -> transfers.bookAndMove("mz" + to, slots.get(8), slots.get(10)));
      wave.add(() -> transfers.payAndMoveCheaper("mc" + to, slots.get(0), slots.get(13), random));
      String x = "x" + i;
      wave.add(() -> transfers.giveWhileTheyBook(x, to, slots.get(8)));
      wave.add(() -> book(to, slots.get(8), "k-" + to + "-8"));
      wave.add(() -> transfers.giveWhileTheyBook("x" + x, "aw" + to.substring(1), slots.get(6)));
    }
    for (int i = 0; i < 12; i++) {
      String user = "q" + i;
      wave.add(() -> crowd.queued(user, slots.get(2)));
    }
    for (int i = 0; i < 6; i++) {
      String user = "c" + i;
      wave.add(
          () -> crowd.member(user, cancelledSlot, "k-" + user + "-" + cancelledSlot, true, false));
    }
    wave.add(
        () -> {
          ChaosThreads.pause(random.nextInt(200));
          return world.call(
              "POST /slots/{slotId}/cancel",
              Map.of("slotId", cancelledSlot),
              ADMIN,
              "admin",
              "{}",
              null);
        });
    for (int i = 0; i < 4; i++) {
      String phone = "+86 138 0013 80" + (10 + random.nextInt(3)); // some walk-ins share a phone
      wave.add(() -> new ChaosDesk(world, this).walkIn(phone, slots.get(0)));
    }
    venueStaff.wave(offerVenue, slots.get(0), wave);
    integrations.wave(wave);
    webhooks.wave(wave);
    erasures.wave(wave);
    wechatMembers.wave(wave, slots.get(6));
    passes.wave(wave);
    wallets.wave(wave);
    coupons.wave(wave);
    combined.wave(wave);
    groups.wave(wave, slots.get(0), cancelledSlot);
    for (String job :
        List.of(
            "sweep-holds",
            "sweep-offers",
            "waitlist-fallback",
            "finish-cancels",
            "refund-retry",
            "send-notifications")) {
      wave.add(() -> world.runJob(job));
    }
    wave.add(() -> world.deliverSeatReleased());
    wave.add(() -> world.deliverBookingRequests());
    Collections.shuffle(wave, random);
    ChaosThreads.runAll(wave, 24);

    // Time passes: unpaid holds lapse, offers lapse; late webhooks meet expired holds.
    world.clock.advance(Duration.ofMinutes(11));
    List<Callable<Object>> late = new ArrayList<>();
    late.add(() -> world.runJob("sweep-holds"));
    late.add(() -> world.deliverSeatReleased());
    for (String paymentNo : List.copyOf(world.webhooks.keySet())) {
      if (random.nextBoolean()) {
        late.add(() -> replayWebhook(paymentNo));
      }
    }
    latePayments.forEach(
        (paymentNo, bookingId) ->
            late.add(
                () -> {
                  succeeded.put(paymentNo, bookingId);
                  return world.provider.report(paymentNo, "SUCCEEDED");
                }));
    for (int i = 0; i < 12; i++) {
      String user = "w" + i;
      late.add(() -> waiters.acceptOrDecline(user, slots.get(1)));
    }
    late.add(() -> world.runJob("waitlist-fallback"));
    late.add(() -> world.runJob("sweep-offers"));
    late.add(() -> world.runJob("send-notifications"));
    late.add(() -> world.runJob("send-notifications")); // overlapping runs
    // WeChat payers who pay just before their hold lapsed, mostly unnotified; then the job asks.
    lateWechat.forEach(
        (paymentNo, bookingId) ->
            late.add(
                () -> new ChaosWechatPayments(world, this, random).payLate(paymentNo, bookingId)));
    lateStripe.forEach(
        (intent, paymentAndBooking) ->
            late.add(
                () ->
                    new ChaosWechatPayments(world, this, random)
                        .payStripeLate(intent, paymentAndBooking)));
    late.add(() -> world.runJob("payments-reconcile"));
    new ChaosMinimums(world, this, random).late(minimumSlot, late);
    new ChaosLottery(world, this, random).late(lotterySlot, late);
    venueStaff.late(slots.get(0), late);
    combined.late(late);
    Collections.shuffle(late, random);
    ChaosThreads.runAll(late, 16);
  }

  Reply book(String user, String slotId, String key) {
    Reply r =
        world.call(
            "POST /bookings",
            Map.of(),
            user,
            "customer",
            "{\"slotId\":\"" + slotId + "\",\"quantity\":1}",
            key);
    if (r.status() == 201) {
      namedBookings.add(r.text("bookingId"));
    }
    if (r.status() == 409
        && "already_booked".equals(r.text("code"))
        && r.text("bookingId") != null) {
      namedBookings.add(
          r.text("bookingId")); // the unknown-outcome rule: the guard names the booking
    }
    return r;
  }

  /** One of the webhooks sent for the payment, sent again (a duplicate delivery). */
  Reply replayWebhook(String paymentNo) {
    List<String> sent = world.webhooks.getOrDefault(paymentNo, List.of());
    return sent.isEmpty() ? null : world.webhook(sent.get(random.nextInt(sent.size())));
  }
}
