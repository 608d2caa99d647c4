package fairslot.handler.http;

import fairslot.booking.domain.AuditSubject;
import fairslot.handler.http.ReportViews.AuditView;
import fairslot.handler.http.ReportViews.DailyReportView;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.staff.app.DeskService;
import fairslot.staff.app.StaffService;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What finance reads: the audit trail and the daily report (JSON or CSV). */
public final class FinanceEndpoints implements Endpoints {
  private final StaffService staff;
  private final DeskService desk;

  public FinanceEndpoints(StaffService staff, DeskService desk) {
    this.staff = staff;
    this.desk = desk;
  }

  @Override
  public List<String> routeKeys() {
    return List.of("GET /audit", "GET /reports/daily");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /audit" -> audit(request);
      case "GET /reports/daily" -> dailyReport(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse audit(HttpRequest request) {
    Map<String, AuditSubject> subjects =
        Map.of(
            "bookingId", AuditSubject.BOOKING,
            "slotId", AuditSubject.SLOT,
            "venueId", AuditSubject.VENUE,
            "resourceId", AuditSubject.RESOURCE);
    List<String> given =
        subjects.keySet().stream().filter(q -> request.queryParam(q).isPresent()).toList();
    if (given.size() != 1) {
      throw InvalidInput.unprocessable(
          "give exactly one of bookingId, slotId, venueId or resourceId");
    }
    var entries =
        staff.audit(
            subjects.get(given.get(0)),
            request.queryParam(given.get(0)).orElseThrow(),
            request.page());
    return HttpResponse.json(
        200,
        new ListView<>(
            entries.items().stream().map(AuditView::of).toList(),
            entries.nextCursor().orElse(null)));
  }

  private HttpResponse dailyReport(HttpRequest request) {
    DailyReportView report =
        DailyReportView.of(
            desk.dailyReport(request.requiredQuery("venueId"), request.dateQuery("date")));
    boolean csv =
        request
            .header("accept")
            .map(a -> a.toLowerCase(Locale.ROOT).contains("text/csv"))
            .orElse(false);
    return csv
        ? new HttpResponse(200, Map.of("content-type", "text/csv; charset=utf-8"), report.csv())
        : HttpResponse.json(200, report);
  }
}
