package fairslot.catalog.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

class BookingWindowProperties {
  private static final Instant START = Instant.parse("2027-03-01T10:00:00Z");

  @Property
  void openExactlyFromOpensBeforeUntilJustBeforeClosesBefore(
      @ForAll @LongRange(min = 1, max = 1000) long opensMinutes,
      @ForAll @LongRange(min = 0, max = 999) long closesMinutes,
      @ForAll @LongRange(min = -2000, max = 10) long nowMinutes) {
    if (closesMinutes >= opensMinutes) {
      return;
    }
    var window =
        new BookingWindow(
            Optional.of(Duration.ofMinutes(opensMinutes)), Duration.ofMinutes(closesMinutes));
    Instant now = START.plus(Duration.ofMinutes(nowMinutes));

    boolean open = window.isOpen(START, now);

    assertThat(open).isEqualTo(-nowMinutes <= opensMinutes && -nowMinutes > closesMinutes);
  }

  @Property
  void withoutAnOpeningBoundItIsOpenUntilItCloses(
      @ForAll @LongRange(min = 0, max = 1000) long closesMinutes,
      @ForAll @LongRange(min = -100_000, max = 10) long nowMinutes) {
    var window = new BookingWindow(Optional.empty(), Duration.ofMinutes(closesMinutes));

    assertThat(window.isOpen(START, START.plus(Duration.ofMinutes(nowMinutes))))
        .isEqualTo(-nowMinutes > closesMinutes);
  }
}
