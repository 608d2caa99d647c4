package fairslot.catalog.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.OptionalInt;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Capacity edits over random slot states: taken seats and the waitlist's seats are never lost. */
class SlotEditProperties {
  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

  private static Slot slot(int capacity, int taken, int owed, int waiting) {
    Instant start = NOW.plus(Duration.ofDays(1));
    return new Slot(
        "s",
        "v",
        "r",
        ResourceKind.SEATS,
        new Interval(start, start.plus(Duration.ofHours(1))),
        capacity,
        capacity - taken,
        SlotStatus.OPEN,
        new Money(5000, "CNY"),
        Admission.DIRECT,
        waiting,
        ZoneOffset.UTC,
        VenuePolicy.DEFAULT,
        owed,
        new Assignment(Optional.empty(), Optional.empty()),
        Inherited.NONE);
  }

  @Property
  void anEditKeepsTakenSeatsTakenAndOwedSeatsOwedOrIsRefused(
      @ForAll @IntRange(min = 1, max = 200) int capacity,
      @ForAll @IntRange(min = 0, max = 200) int takenSeed,
      @ForAll @IntRange(min = 0, max = 200) int owedSeed,
      @ForAll @IntRange(min = 0, max = 5) int waiting,
      @ForAll @IntRange(min = 1, max = 300) int newCapacity) {
    int taken = takenSeed % (capacity + 1);
    int remaining = capacity - taken;
    int owed = waiting == 0 ? 0 : owedSeed % (remaining + 1);
    Slot before = slot(capacity, taken, owed, waiting);
    int spokenFor = SlotEdit.seatsSpokenFor(before);

    Outcome<Slot> edited =
        new SlotEdit(Optional.empty(), Optional.empty(), OptionalInt.of(newCapacity))
            .applyTo(before, NOW);

    if (newCapacity < spokenFor) {
      assertThat(edited).isInstanceOf(Outcome.Refused.class);
      assertThat(((Outcome.Refused<Slot>) edited).refusal())
          .isEqualTo(Refusal.CAPACITY_BELOW_BOOKED);
      return;
    }
    Slot after = ((Outcome.Done<Slot>) edited).value();
    assertThat(after.capacity()).isEqualTo(newCapacity);
    assertThat(after.capacity() - after.remaining()).isEqualTo(taken);
    assertThat(after.remaining()).isBetween(0, after.capacity());
    assertThat(after.forWaitlist()).isBetween(owed, after.remaining());
    int added = Math.max(0, newCapacity - capacity);
    assertThat(after.forWaitlist()).isEqualTo(waiting > 0 ? owed + added : owed);
  }
}
