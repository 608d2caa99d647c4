package fairslot.booking.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceAttempt;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingGroup;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MemberRules;
import fairslot.booking.domain.SeatSource;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberCalendar;
import fairslot.testing.ContractFixtures;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every BookingStore must do with a booking of several slots (v1.2), judged through the port
 * alone, on the fake (MemoryGroupBookingTest), moto and dynoxide: every line's seats or none, the
 * refusal naming its slot, and a release of the whole booking through any of its lines.
 */
public abstract class GroupBookingContract {
  private static final Instant NOW = ContractFixtures.NOW;

  protected abstract BookingStoreContract.Stores fresh();

  private CatalogStore catalog;
  private BookingStore store;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    BookingStoreContract.Stores stores = fresh();
    catalog = stores.catalog();
    store = stores.bookings();
    fixtures = new ContractFixtures(catalog, store);
  }

  /** The lines of one booking over {@code slots}, each a hold of one seat, the first the lead. */
  private static List<Booking> group(String user, List<Slot> slots) {
    List<Booking> bare = slots.stream().map(s -> ContractFixtures.booking(user, s, 1)).toList();
    BookingGroup g = BookingGroup.of(bare);
    return bare.stream().map(b -> b.inGroup(g)).toList();
  }

  private PlaceAttempt place(List<Booking> lines, MemberRules rules) {
    TreeSet<LocalDate> days = new TreeSet<>();
    lines.forEach(l -> days.addAll(l.calendarDays()));
    String user = lines.get(0).userId();
    List<MemberCalendar> seen = store.calendars(user, List.copyOf(days));
    return store.place(
        new BookingPlan(
            lines, NOW, user, seen, new SeatSource.OpenSale(), rules, Optional.empty()));
  }

  private int remaining(Slot slot) {
    return catalog.findSlot(slot.slotId()).orElseThrow().remaining();
  }

  @Test
  void aGroupTakesEverySlotsSeatsAndEachLineKnowsTheOthers() {
    Slot a = fixtures.slot(ResourceKind.EXCLUSIVE, 1);
    Slot b = fixtures.slot(ResourceKind.EXCLUSIVE, 1); // two courts at once: lines may overlap
    List<Booking> lines = group("u1", List.of(a, b));

    PlaceAttempt placed = place(lines, MemberRules.NONE);

    assertThat(placed.result()).isEqualTo(new PlaceResult.Placed(lines.get(0)));
    assertThat(remaining(a)).isZero();
    assertThat(remaining(b)).isZero();
    Booking second = store.findBooking(lines.get(1).bookingId()).orElseThrow();
    assertThat(second.group()).isEqualTo(lines.get(0).group());
    assertThat(store.otherLines(second))
        .extracting(Booking::bookingId)
        .containsExactly(lines.get(0).bookingId());
    assertThat(store.findLead(second.bookingId()).orElseThrow().bookingId())
        .isEqualTo(lines.get(0).bookingId());
  }

  @Test
  void aSoldOutSlotTakesNothingAndIsNamed() {
    Slot a = fixtures.slot(ResourceKind.SEATS, 2);
    Slot b = fixtures.slot(ResourceKind.EXCLUSIVE, 1);
    fixtures.place(ContractFixtures.booking("other", b, 1));

    PlaceAttempt placed = place(group("u1", List.of(a, b)), MemberRules.NONE);

    assertThat(placed.result()).isEqualTo(new PlaceResult.SoldOut(0));
    assertThat(placed.slotId()).contains(b.slotId());
    assertThat(remaining(a)).isEqualTo(2);
  }

  @Test
  void aSlotTheMemberHoldsAlreadyRefusesTheGroupNamingIt() {
    Slot a = fixtures.slot(ResourceKind.SEATS, 5);
    Slot b = fixtures.slot(ResourceKind.SEATS, 5);
    Booking mine = ContractFixtures.booking("u1", b, 1);
    fixtures.place(mine);

    PlaceAttempt placed = place(group("u1", List.of(a, b)), MemberRules.NONE);

    assertThat(placed.result()).isEqualTo(new PlaceResult.AlreadyBooked(mine.bookingId()));
    assertThat(placed.slotId()).contains(b.slotId());
    assertThat(remaining(a)).isEqualTo(5);
  }

  @Test
  void theMembersLimitCountsEverySlot() {
    Slot a = fixtures.slot(ResourceKind.SEATS, 5);
    Slot b = fixtures.slot(ResourceKind.SEATS, 5);

    PlaceAttempt overOne = place(group("u1", List.of(a, b)), limit(1));
    PlaceAttempt underTwo = place(group("u1", List.of(a, b)), limit(2));
    PlaceAttempt overTwo = place(group("u1", List.of(a, b)), limit(3));

    assertThat(overOne.result()).isEqualTo(new PlaceResult.LimitReached(1));
    assertThat(underTwo.result()).isInstanceOf(PlaceResult.Placed.class);
    // the same slots again: the member's booking of them is named first; the count holds both
    assertThat(overTwo.result()).isInstanceOf(PlaceResult.AlreadyBooked.class);
    assertThat(remaining(a)).isEqualTo(4);
  }

  private static MemberRules limit(int n) {
    return new MemberRules(OptionalInt.of(n), false);
  }

  @Test
  void aReleaseThroughAnyLineReturnsEverySlotOnceAndEmptiesTheCalendar() {
    Slot a = fixtures.slot(ResourceKind.SEATS, 3);
    Slot b = fixtures.slot(ResourceKind.SEATS, 3);
    List<Booking> lines = group("u1", List.of(a, b));
    place(lines, MemberRules.NONE);
    Change expiry = Change.by("system:sweep-holds", NOW, "hold expired");

    ReleaseResult first = store.release(lines.get(1), BookingStatus.EXPIRED, expiry);
    ReleaseResult second = store.release(lines.get(0), BookingStatus.EXPIRED, expiry);

    assertThat(first).isInstanceOf(ReleaseResult.Released.class);
    assertThat(((ReleaseResult.Released) first).events())
        .extracting(SeatReleased::slotId)
        .containsExactlyInAnyOrder(a.slotId(), b.slotId());
    assertThat(second).isInstanceOf(ReleaseResult.NotInStatus.class);
    assertThat(remaining(a)).isEqualTo(3);
    assertThat(remaining(b)).isEqualTo(3);
    for (Booking line : lines) {
      assertThat(store.findBooking(line.bookingId()).orElseThrow().status())
          .isEqualTo(BookingStatus.EXPIRED);
    }
    assertThat(store.calendars("u1", lines.get(0).calendarDays()))
        .allSatisfy(day -> assertThat(day.entries()).isEmpty());
  }

  @Test
  void aTransferGivesEveryLineAndMovesTheGuardsOfThoseHoldingSeats() {
    Slot a = fixtures.slot(ResourceKind.SEATS, 5);
    Slot b = fixtures.slot(ResourceKind.SEATS, 5);
    List<Booking> lines = group("u1", List.of(a, b));
    place(lines, MemberRules.NONE);
    List<MemberCalendar> seen = store.calendars("u2", lines.get(0).calendarDays());

    var result =
        store.transfer(
            new fairslot.booking.app.Transfer.Plan(
                lines.get(0), "u2", NOW, "u1", seen, MemberRules.NONE, List.of(lines.get(1))));

    assertThat(result).isInstanceOf(fairslot.booking.app.Transfer.Result.Transferred.class);
    for (Booking line : lines) {
      assertThat(store.findBooking(line.bookingId()).orElseThrow().userId()).isEqualTo("u2");
    }
    // the giver may book the slots again; the recipient holds them
    assertThat(fixtures.place(ContractFixtures.booking("u1", b, 1)))
        .isInstanceOf(PlaceResult.Placed.class);
    assertThat(fixtures.place(ContractFixtures.booking("u2", b, 1)))
        .isEqualTo(new PlaceResult.AlreadyBooked(lines.get(1).bookingId()));
    assertThat(store.calendars("u1", lines.get(0).calendarDays()).get(0).entries())
        .doesNotContainKeys(lines.get(0).bookingId(), lines.get(1).bookingId());
  }

  @Test
  void aMoveOfOneLineGivesEveryOtherLineTheNewGroup() {
    Slot a = fixtures.slot(ResourceKind.SEATS, 5);
    Slot b = fixtures.slot(ResourceKind.SEATS, 5);
    Slot c = fixtures.slot(ResourceKind.SEATS, 5);
    List<Booking> lines = group("u1", List.of(a, b));
    place(lines, MemberRules.NONE);
    Booking read = lines.get(1);
    Booking moved = read.movedTo(fairslot.booking.domain.BookedSlot.of(c), read.amount());
    BookingGroup regrouped =
        moved
            .group()
            .orElseThrow()
            .withLine(
                new BookingGroup.Line(
                    moved.bookingId(), c.slotId(), c.resourceId(), c.interval(), moved.amount()));
    moved = moved.inGroup(regrouped);
    List<MemberCalendar> seen = store.calendars("u1", moved.calendarDays());

    var result =
        store.reschedule(
            new fairslot.booking.app.Reschedule.Plan(
                read, moved, NOW, "u1", seen, Optional.empty(), List.of(lines.get(0))));

    assertThat(result).isInstanceOf(fairslot.booking.app.Reschedule.Result.Moved.class);
    assertThat(store.findBooking(lines.get(0).bookingId()).orElseThrow().group())
        .contains(regrouped);
    assertThat(remaining(b)).isEqualTo(5);
    assertThat(remaining(c)).isEqualTo(4);
  }
}
