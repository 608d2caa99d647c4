package fairslot.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class VenueTimeTest {
  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  @Test
  void readsOffsetsAsGivenAndLocalTimesInTheVenueZone() {
    assertThat(VenueTime.parse("2026-12-05T18:00:00+08:00", BERLIN))
        .contains(Instant.parse("2026-12-05T10:00:00Z"));
    assertThat(VenueTime.parse("2026-12-05T18:00:00", SHANGHAI))
        .contains(Instant.parse("2026-12-05T10:00:00Z"));
    assertThat(VenueTime.parse("2026-12-05T10:00:00Z", SHANGHAI))
        .contains(Instant.parse("2026-12-05T10:00:00Z"));
    assertThat(VenueTime.parse("next friday", SHANGHAI)).isEmpty();
  }

  @Test
  void aLocalTimeInTheSpringGapMovesForwardAndShowsWithTheSummerOffset() {
    Instant t = VenueTime.parse("2027-03-28T02:30:00", BERLIN).orElseThrow();

    assertThat(VenueTime.show(t, BERLIN)).isEqualTo("2027-03-28T03:30:00+02:00");
  }

  @Test
  void showsSecondsAndOffsetEvenOnTheHour() {
    assertThat(VenueTime.show(Instant.parse("2026-12-05T10:00:00Z"), SHANGHAI))
        .isEqualTo("2026-12-05T18:00:00+08:00");
  }
}
