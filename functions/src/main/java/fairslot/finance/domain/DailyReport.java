package fairslot.finance.domain;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A venue's day in figures, from the bookings of the slots that start that day (venue-local date):
 *
 * <ul>
 *   <li>{@code bookings}: bookings holding seats now (PENDING_PAY, PAID, COMPLETED, NO_SHOW);
 *   <li>{@code paidMinor}: amounts of bookings that were paid, whatever happened after (PAID,
 *       COMPLETED, NO_SHOW, REFUNDING, REFUNDED, REFUND_FAILED), refund parts included;
 *   <li>{@code refundedMinor}: amounts paid back (REFUNDED), and refund parts as soon as they are
 *       made (a cheaper reschedule's difference, part of the price refunded by staff; a part the
 *       provider refuses is a finance exception); {@code refundPendingMinor}: owed back and not yet
 *       confirmed (REFUNDING, REFUND_FAILED); both count what the refund pays back, which a cancel
 *       tier may make a part of the amount;
 *   <li>{@code feesMinor}: the part of refunded amounts the venue keeps by its cancel tiers;
 *   <li>{@code noShows}: NO_SHOW bookings;
 *   <li>{@code disputedMinor}: money the payers' banks took back, disputes the venue lost (the
 *       bookings keep their status, so it is also in {@code paidMinor}).
 * </ul>
 *
 * One line per resource and currency; the totals carry a currency only when the day has one.
 */
public record DailyReport(
    String venueId,
    LocalDate date,
    Figures totals,
    List<Line> byResource,
    List<Money> passSales,
    List<Money> passRefunds) {

  public DailyReport(String venueId, LocalDate date, Figures totals, List<Line> byResource) {
    this(venueId, date, totals, byResource, List.of(), List.of());
  }

  public DailyReport {
    passSales = List.copyOf(passSales);
    passRefunds = List.copyOf(passRefunds);
  }

  /** This report with the passes the venue sold that day (their prices). */
  public DailyReport withPassSales(List<Money> sales) {
    return new DailyReport(venueId, date, totals, byResource, sales, passRefunds);
  }

  /** This report with the pass refund parts made that day (v1.3). */
  public DailyReport withPassRefunds(List<Money> refunds) {
    return new DailyReport(venueId, date, totals, byResource, passSales, refunds);
  }

  /**
   * The day's pass sales in the report's currency; empty when they cannot be summed into it (more
   * than one currency among the sales and the bookings).
   */
  public Optional<Long> passSalesMinor() {
    return inReportCurrency(passSales);
  }

  /** The day's pass refund parts, as {@link #passSalesMinor}: counted when made. */
  public Optional<Long> passRefundedMinor() {
    return inReportCurrency(passRefunds);
  }

  private Optional<Long> inReportCurrency(List<Money> amounts) {
    Set<String> currencies = new TreeSet<>();
    amounts.forEach(m -> currencies.add(m.currency()));
    totals.currency().ifPresent(currencies::add);
    if (totals.mixedCurrencies() || currencies.size() > 1) {
      return Optional.empty();
    }
    return Optional.of(amounts.stream().mapToLong(Money::minor).sum());
  }

  private static final Set<BookingStatus> PAID =
      EnumSet.of(
          BookingStatus.PAID,
          BookingStatus.COMPLETED,
          BookingStatus.NO_SHOW,
          BookingStatus.REFUNDING,
          BookingStatus.REFUNDED,
          BookingStatus.REFUND_FAILED);
  private static final Set<BookingStatus> REFUND_PENDING =
      EnumSet.of(BookingStatus.REFUNDING, BookingStatus.REFUND_FAILED);

  public record Figures(
      Optional<String> currency,
      int currencies,
      int bookings,
      long paidMinor,
      long refundedMinor,
      long refundPendingMinor,
      int noShows,
      long feesMinor,
      long disputedMinor) {

    /**
     * Amounts in more than one currency cannot be summed into one: the lines hold the figures then.
     */
    public boolean mixedCurrencies() {
      return currencies > 1;
    }
  }

  public record Line(String resourceId, Figures figures) {}

  /**
   * The report as of {@code now}: a hold past its deadline counts as EXPIRED, as every reader sees
   * it.
   */
  public static DailyReport of(
      String venueId, LocalDate date, Collection<Booking> bookings, Instant now) {
    Map<String, List<Booking>> byLine = new TreeMap<>();
    for (Booking b : bookings) {
      byLine
          .computeIfAbsent(
              b.slot().resourceId() + "\u0000" + b.amount().currency(), k -> new ArrayList<>())
          .add(b);
    }
    List<Line> lines = new ArrayList<>();
    byLine.forEach(
        (key, list) -> lines.add(new Line(list.get(0).slot().resourceId(), sum(list, now))));
    return new DailyReport(venueId, date, sum(bookings, now), lines);
  }

  private static Figures sum(Collection<Booking> bookings, Instant now) {
    Set<String> currencies = new TreeSet<>();
    int count = 0;
    long paid = 0;
    long refunded = 0;
    long pending = 0;
    int noShows = 0;
    long fees = 0;
    long disputed = 0;
    for (Booking b : bookings) {
      BookingStatus status = b.statusAt(now);
      currencies.add(b.amount().currency());
      count += status.isActive() ? 1 : 0;
      // refund parts (a cheaper reschedule's difference, part of the price refunded by staff):
      // paid with the rest, and refunded as soon as they are made (a part that fails is finance's)
      long parts = PAID.contains(status) ? b.moneyBack().partsMinor() : 0;
      paid += PAID.contains(status) ? b.amount().minor() + parts : 0;
      refunded += (status == BookingStatus.REFUNDED ? b.owedBack().minor() : 0) + parts;
      pending += REFUND_PENDING.contains(status) ? b.owedBack().minor() : 0;
      boolean refundOwed = status == BookingStatus.REFUNDED || REFUND_PENDING.contains(status);
      fees += refundOwed ? b.amount().minor() - b.owedBack().minor() : 0;
      noShows += status == BookingStatus.NO_SHOW ? 1 : 0;
      disputed += b.disputed().map(Money::minor).orElse(0L);
    }
    Optional<String> currency =
        currencies.size() == 1 ? Optional.of(currencies.iterator().next()) : Optional.empty();
    return new Figures(
        currency, currencies.size(), count, paid, refunded, pending, noShows, fees, disputed);
  }
}
