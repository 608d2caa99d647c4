package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import fairslot.finance.app.FinanceService;
import fairslot.handler.http.ReportViews.FinanceExceptionView;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.handler.internal.VenueGate;
import fairslot.kernel.Page;
import fairslot.money.domain.AbnormalRefund;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.FinanceException.Resolution;
import fairslot.money.domain.FinanceException.Status;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Finance exceptions (v1.1 "Finance"): the list, a refund restarted, a resolution. */
public final class FinanceExceptionEndpoints implements Endpoints {
  private static final Set<String> RESOLVE_FIELDS = Set.of("resolution", "note");
  private static final Set<String> ABNORMAL_FIELDS =
      Set.of("type", "bankType", "bankAccount", "realName");
  private static final int MAX_NOTE = 1000;

  private final FinanceService finance;
  private final VenueGate gate;

  public FinanceExceptionEndpoints(FinanceService finance, VenueGate gate) {
    this.finance = finance;
    this.gate = gate;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "GET /finance/exceptions",
        "POST /finance/exceptions/{exceptionId}/retry-refund",
        "POST /finance/exceptions/{exceptionId}/abnormal-refund",
        "POST /finance/exceptions/{exceptionId}/resolve");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /finance/exceptions" -> list(request);
      case "POST /finance/exceptions/{exceptionId}/retry-refund" -> retryRefund(request);
      case "POST /finance/exceptions/{exceptionId}/abnormal-refund" -> abnormalRefund(request);
      case "POST /finance/exceptions/{exceptionId}/resolve" -> resolve(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse list(HttpRequest request) {
    Status status =
        request.queryParam("status").map(FinanceExceptionEndpoints::status).orElse(Status.OPEN);
    Page<FinanceException> page =
        finance.list(request.queryParam("venueId"), status, request.page());
    // One venue read per venue on the page, not per exception.
    Map<Optional<String>, ZoneId> zones = new HashMap<>();
    return HttpResponse.json(
        200,
        new ListView<>(
            gate.limit(request, page.items(), FinanceException::venueId).stream()
                .map(
                    e ->
                        FinanceExceptionView.of(
                            e, zones.computeIfAbsent(e.venueId(), v -> finance.zoneOf(e))))
                .toList(),
            page.nextCursor().orElse(null)));
  }

  private static Status status(String raw) {
    try {
      return Status.valueOf(raw);
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("status must be OPEN or RESOLVED");
    }
  }

  private HttpResponse retryRefund(HttpRequest request) {
    return respond(
        finance.retryRefund(request.path("exceptionId"), request.requireCaller().userId()),
        200,
        this::view);
  }

  /**
   * {@code {type: "MERCHANT_BANK_CARD"}} or {@code {type: "USER_BANK_CARD", bankType, bankAccount,
   * realName}}: the card's details are passed to the provider, encrypted, never kept.
   */
  private HttpResponse abnormalRefund(HttpRequest request) {
    RequestBody body = request.json().onlyFields("abnormal refund", ABNORMAL_FIELDS);
    String type = body.text("type");
    AbnormalRefund to;
    if (type.equals("MERCHANT_BANK_CARD")) {
      to = new AbnormalRefund(AbnormalRefund.Type.MERCHANT_BANK_CARD, Optional.empty());
    } else if (type.equals("USER_BANK_CARD")) {
      String account = body.text("bankAccount");
      if (!account.matches("[0-9]{8,32}")) {
        throw InvalidInput.unprocessable("bankAccount must be the card's 8 to 32 digits");
      }
      to =
          new AbnormalRefund(
              AbnormalRefund.Type.USER_BANK_CARD,
              Optional.of(
                  new AbnormalRefund.BankCard(
                      body.text("bankType"), account, body.text("realName"))));
    } else {
      throw InvalidInput.unprocessable("type must be USER_BANK_CARD or MERCHANT_BANK_CARD");
    }
    return respond(
        finance.abnormalRefund(request.path("exceptionId"), to, request.requireCaller().userId()),
        200,
        this::view);
  }

  private HttpResponse resolve(HttpRequest request) {
    RequestBody body = request.json().onlyFields("resolve", RESOLVE_FIELDS);
    String raw = body.text("resolution");
    Resolution how;
    try {
      how = Resolution.valueOf(raw.toUpperCase(Locale.ROOT).equals(raw) ? raw : "?");
    } catch (IllegalArgumentException e) {
      how = null;
    }
    if (how == null
        || how == Resolution.REFUND_RETRIED
        || how == Resolution.CLOSED_BY_PROVIDER
        || how == Resolution.ABNORMAL_REFUND_APPLIED) {
      throw InvalidInput.unprocessable(
          "resolution must be REFUNDED_OFFLINE, WRITTEN_OFF or NO_ACTION");
    }
    String note = body.longText("note", MAX_NOTE);
    if (note.isBlank() || note.length() > MAX_NOTE) {
      throw InvalidInput.unprocessable("note must be 1 to 1000 characters, not blank");
    }
    return respond(
        finance.resolve(request.path("exceptionId"), how, note, request.requireCaller().userId()),
        200,
        this::view);
  }

  private Object view(FinanceException e) {
    return FinanceExceptionView.of(e, finance.zoneOf(e));
  }
}
