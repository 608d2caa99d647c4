package fairslot.coupon.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MemberRules;
import fairslot.booking.domain.SeatSource;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.coupon.app.CouponStore;
import fairslot.coupon.domain.Coupon;
import fairslot.coupon.domain.Discount;
import fairslot.kernel.Change;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.testing.ContractFixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the booking and coupon stores must do together, through the ports alone, on the fakes and on
 * the DynamoDB adapters against moto and dynoxide: a coupon is never redeemed past its limit or a
 * member's however many bookings race for it, and a booking that ends unpaid gives its redemption
 * back exactly once.
 */
public abstract class CouponRedemptionContract {

  protected record Stores(CatalogStore catalog, BookingStore bookings, CouponStore coupons) {}

  protected abstract Stores fresh();

  private CatalogStore catalog;
  private BookingStore bookings;
  private CouponStore coupons;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    catalog = stores.catalog();
    bookings = stores.bookings();
    coupons = stores.coupons();
    fixtures = new ContractFixtures(catalog, bookings);
  }

  private Coupon coupon(Slot slot, String code, int max, int perMember, Instant validTo) {
    Coupon c =
        new Coupon(
            slot.venueId(),
            code,
            new Discount.PercentOff(20),
            Optional.empty(),
            max,
            perMember,
            NOW.minus(Duration.ofDays(1)),
            validTo,
            Optional.empty(),
            Set.of(),
            NOW,
            0);
    assertThat(coupons.create(c, Change.by("admin", NOW, "contract")))
        .isEqualTo(CouponStore.Creation.CREATED);
    return c;
  }

  private static Booking withCoupon(String user, Slot slot, Coupon c) {
    Booking b = ContractFixtures.booking(user, slot, 1);
    return b.withCoupon(c.useOn(b.amount()));
  }

  private PlaceResult place(Booking b, Instant now) {
    return bookings
        .place(
            new BookingPlan(
                List.of(b),
                now,
                b.userId(),
                bookings.calendars(b.userId(), b.calendarDays()),
                new SeatSource.OpenSale(),
                MemberRules.NONE,
                Optional.empty()))
        .result();
  }

  private int redeemed(Coupon c) {
    return coupons.find(c.venueId(), c.code()).orElseThrow().redeemed();
  }

  /** {@code racers} placements at once, each its own booking; their results in order. */
  private List<PlaceResult> race(List<Booking> racing) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(racing.size());
    CountDownLatch go = new CountDownLatch(1);
    List<Future<PlaceResult>> answers = new ArrayList<>();
    for (Booking b : racing) {
      answers.add(
          pool.submit(
              () -> {
                go.await();
                PlaceResult r = place(b, NOW);
                // the member's own bookings moved their calendar: again on the fresh days, as
                // the placer does
                while (r instanceof PlaceResult.CalendarsMoved) {
                  r = place(b, NOW);
                }
                return r;
              }));
    }
    go.countDown();
    List<PlaceResult> results = new ArrayList<>();
    for (Future<PlaceResult> f : answers) {
      results.add(f.get(120, TimeUnit.SECONDS));
    }
    pool.shutdown();
    return results;
  }

  @Test
  void aCouponIsKeptUnderItsVenueByCodeOnceAndListed() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 10);
    Coupon c = coupon(slot, "SPRING", 5, 1, NOW.plus(Duration.ofDays(30)));

    assertThat(coupons.create(c, Change.by("admin", NOW, "again")))
        .isEqualTo(CouponStore.Creation.CODE_TAKEN);
    assertThat(coupons.find(slot.venueId(), "SPRING")).contains(c);
    assertThat(coupons.couponsOf(slot.venueId(), new PageRequest(50, Optional.empty())).items())
        .containsExactly(c);
    assertThat(coupons.find(slot.venueId(), "OTHER")).isEmpty();
  }

  @Test
  void thirtyTwoMembersRacingForACouponOfTenRedeemItExactlyTenTimes() throws Exception {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 40);
    Coupon c = coupon(slot, "TEN", 10, 1, NOW.plus(Duration.ofDays(30)));
    List<Booking> racing = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      racing.add(withCoupon("m" + i, slot, c));
    }

    List<PlaceResult> results = race(racing);

    assertThat(results.stream().filter(r -> r instanceof PlaceResult.Placed).count()).isEqualTo(10);
    assertThat(results)
        .filteredOn(r -> !(r instanceof PlaceResult.Placed))
        .allSatisfy(
            r -> assertThat(r).isEqualTo(new PlaceResult.CouponRefused(Refusal.COUPON_EXHAUSTED)));
    assertThat(redeemed(c)).isEqualTo(10);
    assertThat(catalog.findSlot(slot.slotId()).orElseThrow().remaining()).isEqualTo(30);
  }

  @Test
  void oneMemberRacingEightBookingsRedeemsOnlyAsOftenAsOneMemberMay() throws Exception {
    Slot first = fixtures.slot(ResourceKind.SEATS, 5);
    Coupon c = coupon(first, "TWICE", 100, 2, NOW.plus(Duration.ofDays(30)));
    List<Booking> racing = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      // each its own slot of the same venue: rentals of one resource at other hours
      Slot slot = i == 0 ? first : fixtures.nextHour(first, i);
      racing.add(withCoupon("same", slot, c));
    }

    List<PlaceResult> results = race(racing);

    assertThat(results.stream().filter(r -> r instanceof PlaceResult.Placed).count()).isEqualTo(2);
    assertThat(results)
        .filteredOn(r -> !(r instanceof PlaceResult.Placed))
        .allSatisfy(
            r ->
                assertThat(r)
                    .isEqualTo(new PlaceResult.CouponRefused(Refusal.COUPON_ALREADY_USED)));
    assertThat(redeemed(c)).isEqualTo(2);
  }

  @Test
  void aCouponPastItsDatesIsRefusedByTheTransactionAndNothingIsTaken() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 5);
    Coupon c = coupon(slot, "SHORT", 5, 1, NOW.plus(Duration.ofMinutes(1)));

    PlaceResult late = place(withCoupon("u1", slot, c), NOW.plus(Duration.ofMinutes(2)));

    assertThat(late).isEqualTo(new PlaceResult.CouponRefused(Refusal.COUPON_INVALID));
    assertThat(redeemed(c)).isZero();
    assertThat(catalog.findSlot(slot.slotId()).orElseThrow().remaining()).isEqualTo(5);
  }

  @Test
  void aHoldThatEndsUnpaidGivesItsRedemptionBackExactlyOnce() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 5);
    Coupon c = coupon(slot, "BACK", 1, 1, NOW.plus(Duration.ofDays(30)));
    Booking b = withCoupon("u1", slot, c);
    assertThat(place(b, NOW)).isInstanceOf(PlaceResult.Placed.class);
    assertThat(place(withCoupon("u2", slot, c), NOW))
        .isEqualTo(new PlaceResult.CouponRefused(Refusal.COUPON_EXHAUSTED));
    Change expiry = Change.by("sweep", NOW.plus(Duration.ofMinutes(16)), "hold expired");

    ReleaseResult first = bookings.release(b, BookingStatus.EXPIRED, expiry);
    ReleaseResult second = bookings.release(b, BookingStatus.EXPIRED, expiry);

    assertThat(first).isInstanceOf(ReleaseResult.Released.class);
    assertThat(second).isInstanceOf(ReleaseResult.NotInStatus.class);
    assertThat(redeemed(c)).isZero();
    Booking stored = bookings.findBooking(b.bookingId()).orElseThrow();
    assertThat(stored.coupon().orElseThrow().held()).isFalse();
    assertThat(stored.amount()).isEqualTo(b.amount());
    assertThat(place(withCoupon("u2", slot, c), NOW)).isInstanceOf(PlaceResult.Placed.class);
    assertThat(redeemed(c)).isEqualTo(1);
  }
}
