package fairslot.waitlist.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.app.WaitlistService.Place;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * WaitlistService on the in-memory stores: join order, offers of released seats, accept, decline,
 * expiry, and duplicate events. Every test ends by recounting the slot's seats from the raw items.
 */
class WaitlistServiceTest {
  private final MemoryWorld world = new MemoryWorld();
  private Slot slot = world.slot(ResourceKind.SEATS, 1, WaitlistMode.OFFER);

  @AfterEach
  void everySeatIsAccountedFor() {
    assertThat(world.accountedSeats(slot)).isEqualTo(slot.capacity());
  }

  private Outcome<Booked> book(String user) {
    return world.bookings.book(Book.byMember(user, slot.slotId(), 1, false, Optional.empty()));
  }

  private Booking booked(String user) {
    return ((Booked.Created) done(book(user))).booking();
  }

  private WaitlistEntry joined(String user) {
    return done(world.waitlist.join(user, slot.slotId())).entry();
  }

  private WaitlistEntry entry(WaitlistEntry e) {
    return world.waitlistStore.find(e.entryId()).orElseThrow();
  }

  private void cancel(Booking b) {
    done(world.bookings.cancel(b.userId(), b.bookingId()));
    world.deliverReleases();
  }

  private long offersMadeTo(String user) {
    return world.outbox().stream()
        .filter(n -> n.kind() == Notification.Kind.OFFER_MADE && n.userId().equals(user))
        .count();
  }

  @Test
  void aSlotWithSeatsOnSaleTakesNoWaiters() {
    Outcome<Place> early = world.waitlist.join("u1", slot.slotId());

    assertThat(early).isInstanceOf(Outcome.Refused.class);
    assertThat(((Outcome.Refused<?>) early).refusal()).isEqualTo(Refusal.SEATS_AVAILABLE);
    assertThat(world.current(slot).waitlistLength()).isZero();
  }

  @Test
  void membersLineUpInJoinOrderAndJoiningAgainKeepsThePlace() {
    booked("u0");
    joined("u1");
    WaitlistEntry second = joined("u2");

    Place again = done(world.waitlist.join("u2", slot.slotId()));

    assertThat(again.entry().entryId()).isEqualTo(second.entryId());
    assertThat(again.position()).isEqualTo(2);
    assertThat(done(world.waitlist.mine("u1", slot.slotId())).position()).isEqualTo(1);
    assertThat(world.current(slot).waitlistLength()).isEqualTo(2);
  }

  @Test
  void aReleasedSeatIsOfferedToTheHeadAndNobodyElseCanBookIt() {
    Booking first = booked("u0");
    WaitlistEntry head = joined("u1");
    joined("u2");

    cancel(first);

    assertThat(entry(head).status()).isEqualTo(WaitlistStatus.OFFERED);
    assertThat(entry(head).offerExpiresAt())
        .contains(world.clock.instant().plus(slot.policy().offerDuration()));
    assertThat(offersMadeTo("u1")).isEqualTo(1);
    assertThat(offersMadeTo("u2")).isZero();
    assertThat(((Outcome.Refused<?>) book("u9")).refusal()).isEqualTo(Refusal.SOLD_OUT);
    assertThat(done(world.waitlist.mine("u2", slot.slotId())).position()).isEqualTo(1);
  }

  @Test
  void aReplayedSeatReleasedOffersTheSeatOnce() {
    Booking first = booked("u0");
    joined("u1");
    WaitlistEntry second = joined("u2");

    cancel(first);
    world.redeliver();
    world.redeliver();
    world.waitlist.fallback(10);

    assertThat(entry(second).status()).isEqualTo(WaitlistStatus.WAITING);
    assertThat(offersMadeTo("u1")).isEqualTo(1);
    assertThat(world.current(slot).forWaitlist()).isZero();
  }

  @Test
  void acceptingTheOfferBooksItsSeatAndAcceptingAgainReturnsThatBooking() {
    Booking first = booked("u0");
    WaitlistEntry head = joined("u1");
    cancel(first);

    Booking accepted =
        done(world.bookings.acceptWaitlistOffer("u1", head.entryId(), Optional.empty()));
    Booking again =
        done(world.bookings.acceptWaitlistOffer("u1", head.entryId(), Optional.empty()));

    assertThat(accepted.status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(again.bookingId()).isEqualTo(accepted.bookingId());
    assertThat(entry(head).status()).isEqualTo(WaitlistStatus.ACCEPTED);
    assertThat(world.current(slot).remaining()).isZero();
  }

  @Test
  void aDeclinedOfferGoesToTheNextInLine() {
    Booking first = booked("u0");
    WaitlistEntry head = joined("u1");
    WaitlistEntry next = joined("u2");
    cancel(first);

    done(world.waitlist.decline("u1", head.entryId()));

    assertThat(entry(head).status()).isEqualTo(WaitlistStatus.EXPIRED);
    assertThat(entry(next).status()).isEqualTo(WaitlistStatus.OFFERED);
    assertThat(offersMadeTo("u2")).isEqualTo(1);
  }

  @Test
  void anOfferPastItsDeadlineCannotBeAcceptedAndTheSweepMovesItOn() {
    Booking first = booked("u0");
    WaitlistEntry head = joined("u1");
    WaitlistEntry next = joined("u2");
    cancel(first);
    world.clock.advance(slot.policy().offerDuration());

    Outcome<Booking> late =
        world.bookings.acceptWaitlistOffer("u1", head.entryId(), Optional.empty());
    JobReport swept = world.waitlist.sweepOffers(10);

    assertThat(((Outcome.Refused<?>) late).refusal()).isEqualTo(Refusal.OFFER_EXPIRED);
    assertThat(swept.changed()).isEqualTo(1);
    assertThat(entry(next).status()).isEqualTo(WaitlistStatus.OFFERED);
  }

  @Test
  void theLastOfferExpiringWithNobodyWaitingPutsTheSeatBackOnSale() {
    Booking first = booked("u0");
    joined("u1");
    cancel(first);
    world.clock.advance(slot.policy().offerDuration().plus(Duration.ofSeconds(1)));

    world.waitlist.sweepOffers(10);

    assertThat(world.current(slot).remaining()).isEqualTo(1);
    assertThat(world.current(slot).forWaitlist()).isZero();
    assertThat(booked("u9").status()).isEqualTo(BookingStatus.PENDING_PAY);
  }

  @Test
  void leavingTheLineMovesEveryoneBehindUp() {
    booked("u0");
    joined("u1");
    joined("u2");

    world.waitlist.leave("u1", slot.slotId());
    world.waitlist.leave("u1", slot.slotId());

    assertThat(done(world.waitlist.mine("u2", slot.slotId())).position()).isEqualTo(1);
    assertThat(world.current(slot).waitlistLength()).isEqualTo(1);
  }

  @Test
  void autoHoldGivesTheHeadAHoldInsteadOfAnOffer() {
    slot = world.slot(ResourceKind.SEATS, 1, WaitlistMode.AUTO_HOLD);
    Booking first = booked("u0");
    WaitlistEntry head = joined("u1");

    cancel(first);

    WaitlistEntry now = entry(head);
    assertThat(now.status()).isEqualTo(WaitlistStatus.ACCEPTED);
    Booking hold = world.booking(now.bookingId().orElseThrow());
    assertThat(hold.userId()).isEqualTo("u1");
    assertThat(hold.status()).isEqualTo(BookingStatus.PENDING_PAY);
  }
}
