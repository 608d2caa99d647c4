package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Reconcile on the in-memory stores: balanced books report nothing, a broken counter is reported
 * with its parts and repaired only when asked, a member's broken counter is named.
 */
class ReconciliationTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);

  private void book(String user) {
    done(world.bookings.book(Book.byMember(user, slot.slotId(), 1, false, Optional.empty())));
  }

  private Reconciliation.Result check(boolean repair) {
    return done(
        world.reconciliation.check(
            new Reconciliation.Request(Optional.empty(), Optional.empty(), 100, repair, "admin")));
  }

  @Test
  void balancedBooksReportNoDeviationForAnySlotOrMember() {
    book("u1");
    book("u2");

    Reconciliation.Result result = check(false);

    assertThat(result.checked()).isEqualTo(1);
    assertThat(result.deviations()).isEmpty();
    assertThat(result.membersChecked()).isEqualTo(2);
    assertThat(result.members()).isEmpty();
  }

  @Test
  void aBrokenCounterIsReportedWithItsPartsAndRepairedOnlyWhenAsked() {
    book("u1");
    world.tables.skewRemaining(slot.slotId(), -1);

    Reconciliation.Result reported = check(false);
    int untouched = world.current(slot).remaining();
    Reconciliation.Result repaired = check(true);
    Reconciliation.Result after = check(false);

    assertThat(reported.deviations()).hasSize(1);
    assertThat(reported.deviations().get(0).repaired()).isFalse();
    assertThat(reported.deviations().get(0).count().held()).isEqualTo(1);
    assertThat(reported.deviations().get(0).count().imbalance()).isEqualTo(-1);
    assertThat(untouched).isEqualTo(2);
    assertThat(repaired.deviations().get(0).repaired()).isTrue();
    assertThat(after.deviations()).isEmpty();
    assertThat(world.current(slot).remaining()).isEqualTo(3);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aMembersBrokenUpcomingCounterIsNamedAndAskingForThatMemberChecksOnlyThem() {
    book("u1");
    book("u2");
    world.tables.skewUpcoming("u1", slot.venueId(), 1);

    Reconciliation.Result all = check(false);
    Reconciliation.Result one =
        done(
            world.reconciliation.check(
                new Reconciliation.Request(
                    Optional.empty(), Optional.empty(), 100, false, "admin", Optional.of("u2"))));

    assertThat(all.members()).hasSize(1);
    assertThat(all.members().get(0).userId()).isEqualTo("u1");
    assertThat(all.members().get(0).counterDeviations().get(0).counted()).isEqualTo(2);
    assertThat(one.membersChecked()).isEqualTo(1);
    assertThat(one.members()).isEmpty();
  }

  @Test
  void aSlotAskedForThatDoesNotExistIsNotFound() {
    Outcome<Reconciliation.Result> result =
        world.reconciliation.check(
            new Reconciliation.Request(
                Optional.of("no-such-slot"), Optional.empty(), 100, false, "admin"));

    assertThat(((Outcome.Refused<?>) result).refusal()).isEqualTo(Refusal.NOT_FOUND);
  }
}
