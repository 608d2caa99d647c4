package fairslot.catalog.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.domain.WeeklySchedule;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A resource's changeover buffer on the in-memory stores: a slot may not start inside the gap after
 * another, nor end so that another starts inside its own gap; a cancelled slot keeps no gap.
 */
class SlotBuffersTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Instant day = Instant.parse("2026-12-03T00:00:00Z");
  private final Resource court;

  SlotBuffersTest() {
    Venue venue =
        world.catalog.createVenue(
            new CatalogService.CreateVenue("Club", ZoneId.of("UTC"), VenuePolicy.DEFAULT),
            Optional.empty());
    court =
        done(
            world.catalog.createResource(
                new fairslot.catalog.app.CreateResource(
                    venue.venueId(), "Court 1", ResourceKind.EXCLUSIVE, 1, Duration.ofMinutes(15)),
                Optional.empty()));
  }

  private Outcome<Slot> slot(String from, String to) {
    return world.catalog.createSlot(
        new CatalogService.CreateSlot(
            court.resourceId(),
            at(from),
            at(to),
            OptionalInt.empty(),
            new Money(0, "CNY"),
            Admission.DIRECT,
            new Assignment(Optional.empty(), Optional.empty())),
        Optional.empty());
  }

  private String at(String time) {
    return day.plus(Duration.between(LocalTime.MIDNIGHT, LocalTime.parse(time))).toString();
  }

  private static Refusal refusal(Outcome<?> outcome) {
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aSlotStartingInsideTheGapAfterAnotherIsRefusedNamingIt() {
    Slot ten = done(slot("10:00", "11:00"));

    Outcome<Slot> atEleven = slot("11:00", "12:00");
    Outcome<Slot> atElevenTen = slot("11:10", "12:00");

    assertThat(refusal(atEleven)).isEqualTo(Refusal.CONFLICT_BUFFER);
    assertThat(refusal(atElevenTen)).isEqualTo(Refusal.CONFLICT_BUFFER);
    assertThat(((Outcome.Refused<Slot>) atEleven).extras().get("conflicts"))
        .isEqualTo(List.of(java.util.Map.of("slotId", ten.slotId())));
  }

  @Test
  void aSlotWhoseOwnGapWouldHoldTheNextStartIsRefused() {
    done(slot("10:00", "11:00"));

    assertThat(refusal(slot("08:50", "09:50"))).isEqualTo(Refusal.CONFLICT_BUFFER);
    assertThat(slot("08:45", "09:45")).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void aSlotAfterTheGapIsCreated() {
    done(slot("10:00", "11:00"));

    assertThat(slot("11:15", "12:15")).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void aCancelledSlotKeepsNoGap() {
    Slot ten = done(slot("10:00", "11:00"));
    done(world.slotCancel.cancel("admin", ten.slotId()));

    assertThat(slot("11:00", "12:00")).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void generationSkipsTheSessionsThatBreakAGapAndReportsThem() {
    done(slot("10:00", "11:00"));

    SlotGeneration.Generated generated =
        done(
            world.catalog.generate(
                new SlotGeneration.GenerateSlots(
                    court.resourceId(),
                    java.time.LocalDate.parse("2026-12-03"),
                    java.time.LocalDate.parse("2026-12-04"),
                    List.of(
                        new WeeklySchedule.Session(
                            DayOfWeek.THURSDAY, LocalTime.parse("11:05"), LocalTime.parse("12:00")),
                        new WeeklySchedule.Session(
                            DayOfWeek.FRIDAY, LocalTime.parse("11:05"), LocalTime.parse("12:00"))),
                    OptionalInt.empty(),
                    new Money(0, "CNY"),
                    Admission.DIRECT,
                    new Assignment(Optional.empty(), Optional.empty()))));

    assertThat(generated.created()).hasSize(1);
    assertThat(generated.rejected())
        .extracting(SlotGeneration.Rejected::refusal)
        .containsExactly(Refusal.CONFLICT_BUFFER);
  }
}
