package fairslot.booking.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.PageRequest;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import fairslot.memory.MemoryWorld;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which bookings are a member's: their own, and those of the walk-in their proved phone linked;
 * nobody else's. The list gives their own first, then the walk-in's.
 */
class MemberBookingsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
  private final MemberBookings bookings =
      new MemberBookings(world.bookingStore, world.memberProfiles);

  private void proves(String userId, String walkInCustomerId) {
    MemberProfile blank = MemberProfile.blank(userId);
    Phone phone = new Phone("+8613700137000");
    world.memberProfiles.save(
        blank, blank.phoneConfirmed(phone, Optional.of(walkInCustomerId)).nextVersion());
  }

  private List<String> listed(String userId) {
    List<String> ids = new ArrayList<>();
    Optional<String> cursor = Optional.empty();
    do {
      var page = bookings.list(userId, new PageRequest(1, cursor));
      page.items().forEach(b -> ids.add(b.bookingId()));
      cursor = page.nextCursor();
    } while (cursor.isPresent());
    return ids;
  }

  @Test
  void aMemberSeesTheirOwnAndTheLinkedWalkInsBookingsAndNobodyElses() {
    Booking walkIns = world.book("c-walkin", slot);
    Booking own = world.book("m", slot);
    Booking stranger = world.book("x", slot);
    boolean knownBefore = bookings.known("m");

    proves("m", "c-walkin");

    assertThat(knownBefore).isFalse();
    assertThat(bookings.known("m")).isTrue();
    assertThat(bookings.find("m", own.bookingId())).isPresent();
    assertThat(bookings.find("m", walkIns.bookingId())).isPresent();
    assertThat(bookings.find("m", stranger.bookingId())).isEmpty();
    assertThat(bookings.find("x", walkIns.bookingId())).isEmpty();
    assertThat(listed("m")).containsExactly(own.bookingId(), walkIns.bookingId());
    assertThat(listed("x")).containsExactly(stranger.bookingId());
  }
}
