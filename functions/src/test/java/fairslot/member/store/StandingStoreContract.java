package fairslot.member.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.NoShowStore;
import fairslot.booking.app.NoShowStore.NoShowResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.member.app.StandingStore;
import fairslot.member.domain.MemberStanding;
import fairslot.member.domain.NoShowPolicy;
import fairslot.testing.ContractFixtures;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every StandingStore must do, through the ports alone: on the in-memory fake
 * (MemoryStandingStoreTest) and on the DynamoDB adapter against the emulator
 * (DynamoDbStandingStoreIT). A strike and a pardon never overwrite each other, and a no-show moves
 * the booking and the standing together.
 */
public abstract class StandingStoreContract {

  protected record Stores(
      CatalogStore catalog, BookingStore bookings, StandingStore standing, NoShowStore noShows) {}

  protected abstract Stores fresh();

  private static final NoShowPolicy RULE =
      new NoShowPolicy(2, Duration.ofDays(30), Duration.ofDays(14));

  private BookingStore bookings;
  private StandingStore standing;
  private NoShowStore noShows;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    bookings = stores.bookings();
    standing = stores.standing();
    noShows = stores.noShows();
    fixtures = new ContractFixtures(stores.catalog(), bookings);
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  /** A PAID booking of a fresh slot (placed paid, as a free or pass booking is). */
  private Booking paid(String user) {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 4);
    Booking b = ContractFixtures.booking(user, slot, 1).withStatus(BookingStatus.PAID);
    fixtures.place(b);
    return bookings.findBooking(b.bookingId()).orElseThrow();
  }

  @Test
  void aStandingNeverWrittenIsCleanAndAPardonWritesOnlyOverTheVersionSeen() {
    MemberStanding clean = standing.standing("m", "v");

    boolean first = standing.pardon(clean, clean.pardoned(), by("desk"));
    boolean stale = standing.pardon(clean, clean.pardoned(), by("desk"));

    assertThat(clean).isEqualTo(MemberStanding.clean("m", "v"));
    assertThat(first).isTrue();
    assertThat(stale).isFalse();
    assertThat(standing.standing("m", "v").version()).isEqualTo(1);
  }

  @Test
  void aNoShowMovesThePaidBookingAndTheStandingTogetherOnce() {
    Booking b = paid("m");
    String venue = b.slot().venueId();
    MemberStanding seen = standing.standing("m", venue);

    NoShowResult first =
        noShows.recordNoShow(b, by("system"), seen, seen.withNoShow(NOW, NOW, RULE));
    MemberStanding now = standing.standing("m", venue);
    NoShowResult again = noShows.recordNoShow(b, by("system"), now, now.withNoShow(NOW, NOW, RULE));

    assertThat(first).isInstanceOf(NoShowResult.Recorded.class);
    assertThat(bookings.findBooking(b.bookingId()).orElseThrow().status())
        .isEqualTo(BookingStatus.NO_SHOW);
    assertThat(now.strikes()).hasSize(1);
    assertThat(again).isInstanceOf(NoShowResult.NotInStatus.class);
    assertThat(standing.standing("m", venue).version()).isEqualTo(now.version());
  }

  @Test
  void aStandingWrittenSinceItWasReadLeavesTheBookingPaid() {
    Booking b = paid("m");
    String venue = b.slot().venueId();
    MemberStanding seen = standing.standing("m", venue);
    standing.pardon(seen, seen.pardoned(), by("desk")); // moves the standing under the no-show

    NoShowResult moved =
        noShows.recordNoShow(b, by("system"), seen, seen.withNoShow(NOW, NOW, RULE));

    assertThat(moved).isInstanceOf(NoShowResult.StandingMoved.class);
    assertThat(bookings.findBooking(b.bookingId()).orElseThrow().status())
        .isEqualTo(BookingStatus.PAID);
  }
}
