package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.BookingWindow;
import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberProfile;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Giving a booking to another member (v1.2 transfer), on the in-memory stores. */
class BookingTransfersTest {
  private final MemoryWorld world = new MemoryWorld();

  @BeforeEach
  void membersHaveProfiles() {
    for (String user : new String[] {"u1", "u2", "u3"}) {
      world.memberProfiles.save(MemberProfile.blank(user), MemberProfile.blank(user).nextVersion());
    }
  }

  private Resource hallOf(VenuePolicy policy) {
    Venue venue =
        world.catalog.createVenue(
            new CatalogService.CreateVenue("Club", ZoneId.of("UTC"), policy), Optional.empty());
    return done(
        world.catalog.createResource(
            new fairslot.catalog.app.CreateResource(venue.venueId(), "Hall", ResourceKind.SEATS, 5),
            Optional.empty()));
  }

  private Slot slotOn(Resource hall, Duration startsIn, long priceMinor) {
    return world.slotOf(hall, world.clock.instant().plus(startsIn), priceMinor);
  }

  private static VenuePolicy limitedTo(int upcoming) {
    VenuePolicy d = VenuePolicy.DEFAULT;
    return new VenuePolicy(
        d.holdDuration(),
        d.cancelCutoff(),
        d.offerDuration(),
        WaitlistMode.OFFER,
        4,
        BookingWindow.ALWAYS,
        CancelTiers.NONE,
        OptionalInt.of(upcoming),
        Optional.empty());
  }

  private Booking book(String user, Slot slot) {
    return ((Booked.Created)
            done(
                world.bookings.book(
                    Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
        .booking();
  }

  private Outcome<Booking> give(String caller, Booking b, String to) {
    return world.bookings.transfer(caller, false, b.bookingId(), to);
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aPaidBookingBecomesTheRecipientsAndLeavesTheGiversList() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 0, Admission.DIRECT);
    Booking b = book("u1", slot);

    Booking given = done(give("u1", b, "u2"));

    assertThat(given.userId()).isEqualTo("u2");
    assertThat(given.status()).isEqualTo(BookingStatus.PAID);
    assertThat(world.bookings.booking("u2", b.bookingId())).isPresent();
    assertThat(world.bookings.booking("u1", b.bookingId())).isEmpty();
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void holdsPassBookingsAndFinishedBookingsAreNotTransferable() {
    Slot priced = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
    Booking hold = book("u1", priced);
    Slot free = world.slotAt(ResourceKind.SEATS, 5, 0, Admission.DIRECT, dayAfterTomorrow());
    Booking cancelled = book("u1", free);
    done(world.bookings.cancel("u1", cancelled.bookingId()));

    assertThat(refusal(give("u1", hold, "u2"))).isEqualTo(Refusal.NOT_TRANSFERABLE);
    assertThat(refusal(give("u1", cancelled, "u2"))).isEqualTo(Refusal.NOT_TRANSFERABLE);
  }

  @Test
  void toOneselfToAStrangerAndSomeoneElsesBookingAreRefusedWithTheirCodes() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 0, Admission.DIRECT);
    Booking b = book("u1", slot);

    assertThat(refusal(give("u1", b, "u1"))).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(refusal(give("u1", b, "nobody"))).isEqualTo(Refusal.NOT_FOUND);
    assertThat(refusal(give("u3", b, "u2"))).isEqualTo(Refusal.NOT_FOUND);
    assertThat(world.booking(b.bookingId()).userId()).isEqualTo("u1");
  }

  @Test
  void theRecipientsOwnBookingOfTheSlotAndAnOverlapRefuseTheTransfer() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 0, Admission.DIRECT);
    Booking mine = book("u1", slot);
    book("u2", slot);
    Slot court = world.slotAt(ResourceKind.EXCLUSIVE, 1, 0, Admission.DIRECT, dayAfterTomorrow());
    Booking overlapping =
        book("u1", world.slotAt(ResourceKind.SEATS, 5, 0, Admission.DIRECT, dayAfterTomorrow()));
    book("u3", court); // the same hour as the booking u1 would give u3

    assertThat(refusal(give("u1", mine, "u2"))).isEqualTo(Refusal.ALREADY_BOOKED);
    assertThat(refusal(give("u1", overlapping, "u3"))).isEqualTo(Refusal.TIME_CONFLICT);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void theVenuesUpcomingLimitBindsTheRecipientOfAMembersTransferButNotTheDesks() {
    Resource hall = hallOf(limitedTo(1));
    Booking gift = book("u1", slotOn(hall, Duration.ofHours(2), 0));
    book("u2", slotOn(hall, Duration.ofDays(2), 0));

    Refusal atLimit = refusal(give("u1", gift, "u2"));
    Outcome<Booking> byDesk = world.bookings.transfer("desk", true, gift.bookingId(), "u2");

    assertThat(atLimit).isEqualTo(Refusal.BOOKING_LIMIT_REACHED);
    assertThat(done(byDesk).userId()).isEqualTo("u2");
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aStartedSlotsBookingStaysWithItsMember() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 0, Admission.DIRECT);
    Booking b = book("u1", slot);
    world.clock.advance(Duration.between(world.clock.instant(), slot.interval().start()));

    assertThat(refusal(give("u1", b, "u2"))).isEqualTo(Refusal.SLOT_IN_PAST);
  }

  private static Instant dayAfterTomorrow() {
    return MemoryWorld.START.plus(Duration.ofDays(2));
  }
}
