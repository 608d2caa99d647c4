package fairslot.booking.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class BookingStatusProperties {

  @Provide
  Arbitrary<List<BookingStatus>> attempts() {
    return Arbitraries.of(BookingStatus.class).list().ofMaxSize(30);
  }

  /**
   * Apply random requested moves from PENDING_PAY, accepting only legal ones, and keep the seat
   * ledger: seats are taken once at booking and may come back at most once.
   */
  @Property
  void seatsComeBackAtMostOnceAndOnlyWhenLeavingTheActiveSet(
      @ForAll("attempts") List<BookingStatus> attempts) {
    BookingStatus status = BookingStatus.PENDING_PAY;
    int seatsHeld = 1;
    for (BookingStatus target : attempts) {
      if (!status.canMoveTo(target)) {
        continue;
      }
      if (status.releasesSeatsMovingTo(target)) {
        seatsHeld--;
      }
      status = target;
      assertThat(seatsHeld).isBetween(0, 1);
      assertThat(seatsHeld == 1).isEqualTo(status.isActive());
    }
  }

  @Property
  void noStatusLeadsBackToPendingPayOrToItself(@ForAll BookingStatus from) {
    assertThat(from.next()).doesNotContain(BookingStatus.PENDING_PAY, from);
  }

  @Property
  void aRefundNeverLeadsBackToPaid(@ForAll BookingStatus from) {
    if (from == BookingStatus.REFUNDING
        || from == BookingStatus.REFUNDED
        || from == BookingStatus.REFUND_FAILED) {
      assertThat(reachableFrom(from)).doesNotContain(BookingStatus.PAID);
    }
  }

  @Example
  void theContractsMachine() {
    assertThat(BookingStatus.PENDING_PAY.next())
        .containsExactlyInAnyOrder(
            BookingStatus.PAID, BookingStatus.CANCELLED, BookingStatus.EXPIRED);
    // v1.1 "Passes and credits": a booking paid with a pass is CANCELLED (credits back, no refund).
    assertThat(BookingStatus.PAID.next())
        .containsExactlyInAnyOrder(
            BookingStatus.REFUNDING,
            BookingStatus.CANCELLED,
            BookingStatus.COMPLETED,
            BookingStatus.NO_SHOW);
    assertThat(BookingStatus.REFUNDING.next())
        .containsExactlyInAnyOrder(BookingStatus.REFUNDED, BookingStatus.REFUND_FAILED);
    // v1.1 "Finance": a failed refund is retried or recorded as refunded offline.
    assertThat(BookingStatus.REFUND_FAILED.next())
        .containsExactlyInAnyOrder(BookingStatus.REFUNDING, BookingStatus.REFUNDED);
    assertThat(EnumSet.allOf(BookingStatus.class).stream().filter(BookingStatus::isActive))
        .containsExactlyInAnyOrder(
            BookingStatus.PENDING_PAY,
            BookingStatus.PAID,
            BookingStatus.COMPLETED,
            BookingStatus.NO_SHOW);
  }

  private static EnumSet<BookingStatus> reachableFrom(BookingStatus from) {
    EnumSet<BookingStatus> seen = EnumSet.noneOf(BookingStatus.class);
    List<BookingStatus> todo = new java.util.ArrayList<>(from.next());
    while (!todo.isEmpty()) {
      BookingStatus s = todo.remove(todo.size() - 1);
      if (seen.add(s)) {
        todo.addAll(s.next());
      }
    }
    return seen;
  }
}
