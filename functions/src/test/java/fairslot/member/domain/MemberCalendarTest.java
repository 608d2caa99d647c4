package fairslot.member.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Interval;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class MemberCalendarTest {
  private static final Instant SIX = Instant.parse("2026-12-01T18:00:00Z");

  @Test
  void namesTheBookingAnIntervalClashesWith() {
    MemberCalendar day =
        MemberCalendar.empty("u1", LocalDate.parse("2026-12-01"))
            .with("b1", new Interval(SIX, SIX.plusSeconds(3600)));

    assertThat(day.clashWith(new Interval(SIX.plusSeconds(1800), SIX.plusSeconds(5400))))
        .contains("b1");
    assertThat(day.clashWith(new Interval(SIX.plusSeconds(3600), SIX.plusSeconds(7200)))).isEmpty();
    assertThat(day.version()).isEqualTo(1);
  }

  @Test
  void aBookingAcrossMidnightTouchesBothDays() {
    Interval late =
        new Interval(Instant.parse("2026-12-01T23:00:00Z"), Instant.parse("2026-12-02T01:00:00Z"));
    Interval untilMidnight =
        new Interval(Instant.parse("2026-12-01T22:00:00Z"), Instant.parse("2026-12-02T00:00:00Z"));

    assertThat(late.utcDays())
        .containsExactly(LocalDate.parse("2026-12-01"), LocalDate.parse("2026-12-02"));
    assertThat(untilMidnight.utcDays()).containsExactly(LocalDate.parse("2026-12-01"));
  }
}
