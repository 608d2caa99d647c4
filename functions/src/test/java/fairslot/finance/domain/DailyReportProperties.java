package fairslot.finance.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.ResourceKind;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

class DailyReportProperties {
  private static final Instant START = Instant.parse("2026-12-05T10:00:00Z");
  private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

  @Provide
  Arbitrary<Booking> bookings() {
    return Combinators.combine(
            Arbitraries.of(BookingStatus.class),
            Arbitraries.of("court-1", "court-2", "pool"),
            Arbitraries.longs().between(0, 50_000),
            Arbitraries.integers().between(1, 4),
            Arbitraries.integers().between(-60, 60))
        .as(
            (status, resource, amount, quantity, holdMinutes) ->
                new Booking(
                    java.util.UUID.randomUUID().toString(),
                    "u",
                    quantity,
                    status,
                    new Money(amount, "CNY"),
                    status == BookingStatus.PENDING_PAY
                        ? Optional.of(NOW.plus(Duration.ofMinutes(holdMinutes)))
                        : Optional.empty(),
                    START.minusSeconds(3600),
                    Optional.empty(),
                    new BookedSlot(
                        "slot-" + resource,
                        "venue",
                        resource,
                        ResourceKind.SEATS,
                        new Interval(START, START.plusSeconds(3600)),
                        10,
                        ZoneOffset.UTC,
                        Duration.ofHours(2),
                        Duration.ofMinutes(15),
                        0),
                    1));
  }

  @Property
  void theTotalsAreTheSumOfTheResourceLines(
      @ForAll @Size(max = 40) List<@From("bookings") Booking> bookings) {
    DailyReport report = DailyReport.of("venue", LocalDate.parse("2026-12-05"), bookings, NOW);

    DailyReport.Figures t = report.totals();
    assertThat(report.byResource().stream().mapToInt(l -> l.figures().bookings()).sum())
        .isEqualTo(t.bookings());
    assertThat(report.byResource().stream().mapToLong(l -> l.figures().paidMinor()).sum())
        .isEqualTo(t.paidMinor());
    assertThat(report.byResource().stream().mapToLong(l -> l.figures().refundedMinor()).sum())
        .isEqualTo(t.refundedMinor());
    assertThat(report.byResource().stream().mapToInt(l -> l.figures().noShows()).sum())
        .isEqualTo(t.noShows());
  }

  @Property
  void moneyIsCountedOnceAndRefundsNeverExceedPayments(
      @ForAll @Size(max = 40) List<@From("bookings") Booking> bookings) {
    DailyReport.Figures t =
        DailyReport.of("venue", LocalDate.parse("2026-12-05"), bookings, NOW).totals();

    long everPaid =
        bookings.stream()
            .filter(
                b ->
                    b.statusAt(NOW) != BookingStatus.PENDING_PAY
                        && b.statusAt(NOW) != BookingStatus.CANCELLED
                        && b.statusAt(NOW) != BookingStatus.EXPIRED)
            .mapToLong(b -> b.amount().minor())
            .sum();
    assertThat(t.paidMinor()).isEqualTo(everPaid);
    assertThat(t.refundedMinor() + t.refundPendingMinor()).isLessThanOrEqualTo(t.paidMinor());
    assertThat(t.bookings())
        .isEqualTo((int) bookings.stream().filter(b -> b.statusAt(NOW).isActive()).count());
  }

  @Property
  void anOverdueHoldIsNeitherABookingNorMoney(@ForAll("bookings") Booking b) {
    DailyReport.Figures t =
        DailyReport.of("venue", LocalDate.parse("2026-12-05"), List.of(b), NOW).totals();

    if (b.isOverdueHold(NOW)) {
      assertThat(t.bookings()).isZero();
      assertThat(t.paidMinor()).isZero();
    }
  }
}
