package fairslot.catalog.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class WeeklyScheduleTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  private static List<WeeklySchedule.Planned> sundays(
      ZoneId zone, LocalDate from, LocalDate to, String start, String end) {
    return WeeklySchedule.expand(
        zone,
        from,
        to,
        List.of(
            new WeeklySchedule.Session(
                DayOfWeek.SUNDAY, LocalTime.parse(start), LocalTime.parse(end))));
  }

  private static ZonedDateTime local(WeeklySchedule.Planned p, ZoneId zone) {
    return p.interval().start().atZone(zone);
  }

  @Test
  void aWeeklyEveningClassStaysAtSixLocalAcrossBerlinsSpringAndAutumnChanges() {
    // 2026-03-29 and 2026-10-25 are Berlin's DST Sundays.
    for (LocalDate change : List.of(LocalDate.parse("2026-03-29"), LocalDate.parse("2026-10-25"))) {
      List<WeeklySchedule.Planned> planned =
          sundays(BERLIN, change.minusDays(7), change.plusDays(7), "18:00", "19:00");

      assertThat(planned).hasSize(3);
      assertThat(planned)
          .allSatisfy(
              p -> {
                assertThat(local(p, BERLIN).toLocalTime()).isEqualTo(LocalTime.of(18, 0));
                assertThat(p.interval().length()).isEqualTo(Duration.ofHours(1));
                assertThat(p.shifted()).isFalse();
              });
      // The same wall-clock time is a different UTC instant on either side of the change.
      assertThat(planned.get(0).interval().start().atZone(ZoneId.of("UTC")).getHour())
          .isNotEqualTo(planned.get(2).interval().start().atZone(ZoneId.of("UTC")).getHour());
    }
  }

  @Test
  void aWeeklyEveningClassStaysAtSixLocalAcrossNewYorksChanges() {
    // 2026-03-08 and 2026-11-01 are New York's DST Sundays.
    for (LocalDate change : List.of(LocalDate.parse("2026-03-08"), LocalDate.parse("2026-11-01"))) {
      List<WeeklySchedule.Planned> planned =
          sundays(NEW_YORK, change.minusDays(7), change.plusDays(7), "18:00", "19:00");

      assertThat(planned)
          .extracting(p -> local(p, NEW_YORK).toLocalTime())
          .containsOnly(LocalTime.of(18, 0));
      assertThat(planned).hasSize(3);
    }
  }

  @Test
  void aStartInTheSkippedSpringHourMovesLaterByTheGapKeepsItsLengthAndIsReported() {
    List<WeeklySchedule.Planned> planned =
        sundays(
            BERLIN, LocalDate.parse("2026-03-29"), LocalDate.parse("2026-03-29"), "02:30", "03:30");

    assertThat(planned).hasSize(1);
    WeeklySchedule.Planned p = planned.get(0);
    assertThat(local(p, BERLIN).toLocalTime()).isEqualTo(LocalTime.of(3, 30));
    assertThat(p.interval().length()).isEqualTo(Duration.ofHours(1));
    assertThat(p.shifted()).isTrue();
    assertThat(p.requestedStart()).isEqualTo(LocalTime.of(2, 30));
  }

  @Test
  void aStartInTheRepeatedAutumnHourHappensOnceAtItsFirstOccurrence() {
    List<WeeklySchedule.Planned> berlin =
        sundays(
            BERLIN, LocalDate.parse("2026-10-25"), LocalDate.parse("2026-10-25"), "02:30", "03:00");
    List<WeeklySchedule.Planned> newYork =
        sundays(
            NEW_YORK,
            LocalDate.parse("2026-11-01"),
            LocalDate.parse("2026-11-01"),
            "01:30",
            "02:00");

    assertThat(berlin).hasSize(1);
    assertThat(local(berlin.get(0), BERLIN).getOffset().getTotalSeconds())
        .isEqualTo(2 * 3600); // CEST, the first
    assertThat(berlin.get(0).shifted()).isFalse();
    assertThat(newYork).hasSize(1);
    assertThat(local(newYork.get(0), NEW_YORK).getOffset().getTotalSeconds())
        .isEqualTo(-4 * 3600); // EDT, the first
  }

  @Test
  void aSessionEndingAtOrBeforeItsStartEndsTheNextDay() {
    List<WeeklySchedule.Planned> planned =
        sundays(
            BERLIN, LocalDate.parse("2026-12-06"), LocalDate.parse("2026-12-06"), "22:00", "01:00");

    assertThat(planned.get(0).interval().length()).isEqualTo(Duration.ofHours(3));
  }

  @Test
  void onlyTheRulesWeekdaysInTheInclusiveRangeAreExpandedInStartOrder() {
    List<WeeklySchedule.Planned> planned =
        WeeklySchedule.expand(
            BERLIN,
            LocalDate.parse("2026-12-01"),
            LocalDate.parse("2026-12-31"),
            List.of(
                new WeeklySchedule.Session(
                    DayOfWeek.THURSDAY, LocalTime.of(18, 0), LocalTime.of(19, 0)),
                new WeeklySchedule.Session(
                    DayOfWeek.TUESDAY, LocalTime.of(7, 0), LocalTime.of(8, 0))));

    // December 2026: Tuesdays 1, 8, 15, 22, 29 and Thursdays 3, 10, 17, 24, 31.
    assertThat(planned).hasSize(10);
    assertThat(planned).extracting(p -> p.interval().start()).isSorted();
    assertThat(planned.get(planned.size() - 1).date()).isEqualTo(LocalDate.parse("2026-12-31"));
  }
}
