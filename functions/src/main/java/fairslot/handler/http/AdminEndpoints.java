package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import fairslot.booking.app.Reconciliation;
import fairslot.booking.app.SlotCancellation;
import fairslot.handler.ReconcileMetrics;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What only an admin does: cancel a whole slot, and check (or repair) the seat ledger. */
public final class AdminEndpoints implements Endpoints {
  private final SlotCancellation cancellation;
  private final Reconciliation reconciliation;

  public AdminEndpoints(SlotCancellation cancellation, Reconciliation reconciliation) {
    this.cancellation = cancellation;
    this.reconciliation = reconciliation;
  }

  @Override
  public List<String> routeKeys() {
    return List.of("POST /slots/{slotId}/cancel", "POST /admin/reconcile");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /slots/{slotId}/cancel" -> cancelSlot(request);
      case "POST /admin/reconcile" -> reconcile(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse cancelSlot(HttpRequest request) {
    return respond(
        cancellation.cancel(request.requireCaller().userId(), request.path("slotId")),
        200,
        CatalogViews.SlotCancelledView::of);
  }

  private HttpResponse reconcile(HttpRequest request) {
    RequestBody body =
        request
            .jsonOrEmpty()
            .onlyFields("reconcile", Set.of("slotId", "cursor", "limit", "repair", "userId"));
    int limit = body.optionalInteger("limit").orElse(PageRequest.DEFAULT_LIMIT);
    if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
      throw InvalidInput.unprocessable("limit must be 1.." + PageRequest.MAX_LIMIT);
    }
    Optional<String> cursor = body.optionalText("cursor");
    var check =
        new Reconciliation.Request(
            body.optionalText("slotId"),
            cursor,
            limit,
            body.optionalBoolean("repair").orElse(false),
            request.requireCaller().userId(),
            body.optionalText("userId"));
    var result = reconciliation.check(check);
    if (result instanceof Outcome.Done<Reconciliation.Result> done) {
      ReconcileMetrics.record(done.value());
    }
    return respond(result, 200, ReportViews.ReconcileView::of);
  }
}
