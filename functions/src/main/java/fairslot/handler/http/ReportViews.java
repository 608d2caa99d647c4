package fairslot.handler.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.booking.app.Reconciliation;
import fairslot.finance.domain.DailyReport;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.VenueTime;
import fairslot.member.domain.MemberLedger;
import fairslot.money.domain.FinanceException;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/** What finance and admins read: the audit trail, the daily report, the ledger check. */
public final class ReportViews {
  private ReportViews() {}

  public record DeviationView(
      String slotId,
      int capacity,
      int remaining,
      int held,
      int offered,
      int expectedRemaining,
      boolean repaired) {}

  public record ReconcileView(
      int checked,
      List<DeviationView> deviations,
      String nextCursor,
      int membersChecked,
      List<MemberDeviationView> memberDeviations,
      List<String> spaceClashes) {
    public static ReconcileView of(Reconciliation.Result r) {
      return new ReconcileView(
          r.checked(),
          r.deviations().stream()
              .map(
                  d ->
                      new DeviationView(
                          d.count().slotId(),
                          d.count().capacity(),
                          d.count().remaining(),
                          d.count().held(),
                          d.count().offered(),
                          d.count().expectedRemaining(),
                          d.repaired()))
              .toList(),
          r.nextCursor().orElse(null),
          r.membersChecked(),
          r.members().stream().map(MemberDeviationView::of).toList(),
          r.spaceClashes());
    }
  }

  /** A member whose upcoming counters or pack credits do not add up (confirmed twice). */
  public record MemberDeviationView(
      String userId, List<MemberLedger.Counter> counters, List<MemberLedger.Credits> credits) {
    static MemberDeviationView of(MemberLedger m) {
      return new MemberDeviationView(m.userId(), m.counterDeviations(), m.creditDeviations());
    }
  }

  /**
   * An audit record; an edit or seat change adds the changed fields before and after, and {@code
   * remainingBefore}/{@code remainingAfter} when the slot's stock changed.
   */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public record AuditView(
      String at,
      String actor,
      String entity,
      String from,
      String to,
      String reason,
      Object remainingBefore,
      Object remainingAfter,
      Map<String, Object> before,
      Map<String, Object> after) {
    public static AuditView of(AuditEntry e) {
      return new AuditView(
          e.at().toString(),
          e.actor(),
          e.entity(),
          e.from(),
          e.to(),
          e.reason(),
          e.before().get("remaining"),
          e.after().get("remaining"),
          e.before(),
          e.after());
    }
  }

  public record FiguresView(
      String currency,
      int bookings,
      Long paidMinor,
      Long refundedMinor,
      Long refundPendingMinor,
      int noShows,
      Long feesMinor,
      Long disputedMinor) {
    static FiguresView of(DailyReport.Figures f) {
      boolean summable = !f.mixedCurrencies();
      return new FiguresView(
          f.currency().orElse(null),
          f.bookings(),
          summable ? f.paidMinor() : null,
          summable ? f.refundedMinor() : null,
          summable ? f.refundPendingMinor() : null,
          f.noShows(),
          summable ? f.feesMinor() : null,
          summable ? f.disputedMinor() : null);
    }
  }

  public record ResourceLineView(
      String resourceId,
      String currency,
      int bookings,
      long paidMinor,
      long refundedMinor,
      long refundPendingMinor,
      int noShows,
      long disputedMinor) {}

  /** The daily report: the contract's fields, then the per-resource lines. */
  public record DailyReportView(
      String date,
      String venueId,
      String currency,
      int bookings,
      Long paidMinor,
      Long refundedMinor,
      Long refundPendingMinor,
      int noShows,
      Long feesMinor,
      Long passSalesMinor,
      Long passRefundedMinor,
      Long disputedMinor,
      List<ResourceLineView> byResource) {
    public static DailyReportView of(DailyReport r) {
      FiguresView t = FiguresView.of(r.totals());

      return new DailyReportView(
          r.date().toString(),
          r.venueId(),
          t.currency(),
          t.bookings(),
          t.paidMinor(),
          t.refundedMinor(),
          t.refundPendingMinor(),
          t.noShows(),
          t.feesMinor(),
          r.passSalesMinor().orElse(null),
          r.passRefundedMinor().orElse(null),
          t.disputedMinor(),
          r.byResource().stream()
              .map(
                  l ->
                      new ResourceLineView(
                          l.resourceId(),
                          l.figures().currency().orElse(null),
                          l.figures().bookings(),
                          l.figures().paidMinor(),
                          l.figures().refundedMinor(),
                          l.figures().refundPendingMinor(),
                          l.figures().noShows(),
                          l.figures().disputedMinor()))
              .toList());
    }

    /** RFC 4180 CSV: a header, one row per resource and currency, then a TOTAL row. */
    public String csv() {
      StringBuilder out =
          new StringBuilder(
              "date,venueId,resourceId,currency,bookings,paidMinor,refundedMinor,refundPendingMinor,noShows,"
                  + "disputedMinor\r\n");
      for (ResourceLineView l : byResource) {
        out.append(
                String.join(
                    ",",
                    csvField(date),
                    csvField(venueId),
                    csvField(l.resourceId()),
                    csvField(l.currency()),
                    String.valueOf(l.bookings()),
                    String.valueOf(l.paidMinor()),
                    String.valueOf(l.refundedMinor()),
                    String.valueOf(l.refundPendingMinor()),
                    String.valueOf(l.noShows()),
                    String.valueOf(l.disputedMinor())))
            .append("\r\n");
      }
      out.append(
              String.join(
                  ",",
                  csvField(date),
                  csvField(venueId),
                  "TOTAL",
                  csvField(currency),
                  String.valueOf(bookings),
                  number(paidMinor),
                  number(refundedMinor),
                  number(refundPendingMinor),
                  String.valueOf(noShows),
                  number(disputedMinor)))
          .append("\r\n");
      return out.toString();
    }

    private static String number(Long v) {
      return v == null ? "" : v.toString();
    }

    private static String csvField(String v) {
      if (v == null) {
        return "";
      }
      boolean quote = v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r");
      return quote ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }
  }

  /** A finance exception; absent fields are left out. Times in its venue's zone (UTC if none). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record FinanceExceptionView(
      String exceptionId,
      String kind,
      String venueId,
      String bookingId,
      String passId,
      String paymentNo,
      String refundNo,
      long amountMinor,
      String currency,
      String createdAt,
      String status,
      String resolution,
      String note,
      String resolvedBy,
      String disputeId,
      String reason,
      String evidenceDueBy,
      String providerCode) {
    public static FinanceExceptionView of(FinanceException e, ZoneId zone) {
      return new FinanceExceptionView(
          e.exceptionId(),
          e.kind().name(),
          e.venueId().orElse(null),
          e.bookingId().orElse(null),
          null,
          e.paymentNo().orElse(null),
          e.refundNo().orElse(null),
          e.amount().minor(),
          e.amount().currency(),
          VenueTime.show(e.createdAt(), zone),
          e.status().name(),
          e.resolution().map(Enum::name).orElse(null),
          e.note().orElse(null),
          e.resolvedBy().orElse(null),
          e.dispute().map(d -> d.disputeId()).orElse(null),
          e.dispute().map(d -> d.reason()).orElse(null),
          e.dispute()
              .flatMap(d -> d.evidenceDueBy())
              .map(t -> VenueTime.show(t, zone))
              .orElse(null),
          e.providerCode().orElse(null));
    }
  }
}
