package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.QueuedAdmission.Verdict;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.memory.MemoryWorld;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * QUEUED admission on the in-memory stores: requests are decided in the order they are processed,
 * each once (GRANTED in the booking transaction, SOLD_OUT with a waitlist entry when asked for),
 * and the stale-requests job sends a lost request again, then gives up on it.
 */
class QueuedAdmissionTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 1, 5000, Admission.QUEUED);
  private final List<BookingRequest> redriven = new ArrayList<>();
  private final QueuedAdmission admission =
      new QueuedAdmission(
          world.requestStore,
          world.bookings,
          world.waitlist,
          (request, dedup) -> redriven.add(request),
          world.clock);

  private BookingRequest queued(String user, boolean joinWaitlist) {
    Booked booked =
        done(
            world.bookings.book(
                Book.byMember(user, slot.slotId(), 1, joinWaitlist, Optional.empty())));
    return ((Booked.Queued) booked).request();
  }

  private RequestStatus status(BookingRequest r) {
    return world.requestStore.find(r.requestId()).orElseThrow().status();
  }

  @Test
  void theFirstRequestProcessedGetsTheSeatAndTheNextIsSoldOutOntoTheWaitlist() {
    BookingRequest first = queued("u1", false);
    BookingRequest second = queued("u2", true);

    Verdict a = admission.process(first.requestId());
    Verdict b = admission.process(second.requestId());
    Verdict again = admission.process(first.requestId()); // a redelivery

    assertThat(List.of(a, b, again)).containsOnly(Verdict.DECIDED);
    assertThat(status(first)).isEqualTo(RequestStatus.GRANTED);
    assertThat(status(second)).isEqualTo(RequestStatus.SOLD_OUT);
    assertThat(world.requestStore.find(second.requestId()).orElseThrow().waitlistEntryId())
        .isPresent();
    assertThat(world.current(slot).remaining()).isZero();
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aRequestLostBeforeItWasSentIsSentAgainAndOneQueuedTooLongGetsItsLastTryAtOnce() {
    BookingRequest r = queued("u1", false);
    world.clock.advance(QueuedAdmission.REDRIVE_AFTER.plusSeconds(1));

    admission.staleRequests(10);
    RequestStatus afterRedrive = status(r);
    world.clock.advance(QueuedAdmission.GIVE_UP_AFTER);
    admission.staleRequests(10);

    assertThat(redriven).extracting(BookingRequest::requestId).containsExactly(r.requestId());
    assertThat(afterRedrive).isEqualTo(RequestStatus.QUEUED); // sent again, not decided here
    assertThat(status(r)).isEqualTo(RequestStatus.GRANTED); // the last try found the seat
    assertThat(redriven).hasSize(1); // given its last try, not sent a second time
  }
}
