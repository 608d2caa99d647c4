package fairslot.catalog.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
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
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Venues, resources and slots on the in-memory stores: times, bad input, clashes, generation. */
class CatalogServiceTest {
  private final MemoryWorld world = new MemoryWorld(); // its clock: 2026-12-01T00:00Z
  private final CatalogService catalog = world.catalog;
  private final Venue venue =
      catalog.createVenue(
          new CatalogService.CreateVenue(
              "Riverside", ZoneId.of("Asia/Shanghai"), VenuePolicy.DEFAULT),
          Optional.empty());
  private final Resource court = resource("Court 1");
  private final String coach =
      done(catalog.createAssignee(
              new CatalogService.CreateAssignee(Assignee.Kind.COACH, venue.venueId(), "Ana"),
              Optional.empty()))
          .id();

  private Resource resource(String name) {
    return done(
        catalog.createResource(
            new fairslot.catalog.app.CreateResource(venue.venueId(), name, ResourceKind.SEATS, 8),
            Optional.empty()));
  }

  private Outcome<Slot> slot(Resource r, String start, String end, Optional<String> coachId) {
    return slot(r.resourceId(), start, end, coachId);
  }

  private Outcome<Slot> slot(
      String resourceId, String start, String end, Optional<String> coachId) {
    return catalog.createSlot(
        new CatalogService.CreateSlot(
            resourceId,
            start,
            end,
            OptionalInt.empty(),
            new Money(8000, "CNY"),
            Admission.DIRECT,
            new Assignment(coachId, Optional.empty())),
        Optional.empty());
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aVenueLocalStartIsReadInTheVenuesZoneAndTheSlotTakesTheResourcesCapacity() {
    Slot s = done(slot(court, "2026-12-05T18:00:00", "2026-12-05T19:00:00", Optional.empty()));

    assertThat(s.interval().start()).isEqualTo(Instant.parse("2026-12-05T10:00:00Z"));
    assertThat(s.capacity()).isEqualTo(8);
    assertThat(s.remaining()).isEqualTo(8);
  }

  @Test
  void badTimesAreInvalidAndAnUnknownResourceIsNotFound() {
    Optional<String> none = Optional.empty();
    assertThat(refusal(slot(court, "2026-12-05T19:00:00", "2026-12-05T18:00:00", none)))
        .isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(refusal(slot(court, "2026-12-05T18:00:00", "2026-12-06T19:00:00", none)))
        .isEqualTo(Refusal.INVALID_REQUEST); // over 24 hours
    assertThat(refusal(slot(court, "2026-11-30T18:00:00", "2026-11-30T19:00:00", none)))
        .isEqualTo(Refusal.INVALID_REQUEST); // in the past
    assertThat(refusal(slot(court, "2029-12-05T18:00:00", "2029-12-05T19:00:00", none)))
        .isEqualTo(Refusal.INVALID_REQUEST); // over two years ahead
    assertThat(refusal(slot(court, "tomorrow at six", "2026-12-05T19:00:00", none)))
        .isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(refusal(slot("no-such", "2026-12-05T18:00:00", "2026-12-05T19:00:00", none)))
        .isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void theSameResourceAndStartTwiceIsADuplicate() {
    done(slot(court, "2026-12-05T18:00:00", "2026-12-05T19:00:00", Optional.empty()));

    assertThat(refusal(slot(court, "2026-12-05T18:00:00", "2026-12-05T18:30:00", Optional.empty())))
        .isEqualTo(Refusal.DUPLICATE_SLOT);
  }

  @Test
  void aCoachCannotTeachTwoOverlappingSlotsButTouchingEndsAreFine() {
    Resource spin = resource("Spin");
    Slot first =
        done(slot(court, "2026-12-05T18:00:00", "2026-12-05T19:00:00", Optional.of(coach)));

    Outcome<Slot> overlapping =
        slot(spin, "2026-12-05T18:30:00", "2026-12-05T19:30:00", Optional.of(coach));
    Outcome<Slot> touching =
        slot(spin, "2026-12-05T19:00:00", "2026-12-05T20:00:00", Optional.of(coach));

    assertThat(refusal(overlapping)).isEqualTo(Refusal.CONFLICT_COACH);
    assertThat(((Outcome.Refused<?>) overlapping).extras().toString()).contains(first.slotId());
    assertThat(touching).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void aWeeklyEntryWithItsOwnPriceMakesPeakSessionsAtThatPriceAndTheRestAtTheRulesPrice() {
    var rule =
        new SlotGeneration.GenerateSlots(
            court.resourceId(),
            LocalDate.parse("2026-12-07"),
            LocalDate.parse("2026-12-13"),
            List.of(
                new WeeklySchedule.Session(
                    DayOfWeek.TUESDAY, LocalTime.of(10, 0), LocalTime.of(11, 0)),
                new WeeklySchedule.Session(
                    DayOfWeek.TUESDAY,
                    LocalTime.of(19, 0),
                    LocalTime.of(20, 0),
                    OptionalLong.of(12000)),
                new WeeklySchedule.Session(
                    DayOfWeek.SATURDAY,
                    LocalTime.of(10, 0),
                    LocalTime.of(11, 0),
                    OptionalLong.of(0))),
            OptionalInt.empty(),
            new Money(8000, "CNY"),
            Admission.DIRECT,
            new Assignment(Optional.empty(), Optional.empty()));

    SlotGeneration.Generated made = done(catalog.generate(rule));

    assertThat(made.created())
        .extracting(s -> s.price())
        .containsExactly(new Money(8000, "CNY"), new Money(12000, "CNY"), new Money(0, "CNY"));
  }

  @Test
  void generatingAWeeklyRuleTwiceCreatesItsSessionsOnceAndReportsAClash() {
    Resource spin = resource("Spin");
    done(slot(spin, "2026-12-08T18:30:00", "2026-12-08T19:30:00", Optional.of(coach))); // a TUE
    var rule =
        new SlotGeneration.GenerateSlots(
            court.resourceId(),
            LocalDate.parse("2026-12-07"),
            LocalDate.parse("2026-12-20"),
            List.of(
                new WeeklySchedule.Session(
                    DayOfWeek.TUESDAY, LocalTime.of(18, 0), LocalTime.of(19, 0))),
            OptionalInt.empty(),
            new Money(8000, "CNY"),
            Admission.DIRECT,
            new Assignment(Optional.of(coach), Optional.empty()));

    SlotGeneration.Generated first = done(catalog.generate(rule));
    SlotGeneration.Generated again = done(catalog.generate(rule));

    assertThat(first.created()).hasSize(1); // the 15th; the 8th clashes with the coach's spin
    assertThat(first.rejected())
        .extracting(SlotGeneration.Rejected::refusal)
        .containsExactly(Refusal.CONFLICT_COACH);
    assertThat(again.created()).isEmpty();
    assertThat(again.skipped()).isEqualTo(1);
    assertThat(again.rejected()).hasSize(1);
  }
}
