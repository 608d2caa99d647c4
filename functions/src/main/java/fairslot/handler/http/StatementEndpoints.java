package fairslot.handler.http;

import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.payment.app.StatementReconciliation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code POST /finance/statements:reconcile {provider, date}}: one provider's day, now. */
public final class StatementEndpoints implements Endpoints {
  private final StatementReconciliation statements;

  public StatementEndpoints(StatementReconciliation statements) {
    this.statements = statements;
  }

  @Override
  public List<String> routeKeys() {
    return List.of("POST /finance/statements:reconcile");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /finance/statements:reconcile" -> reconcile(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse reconcile(HttpRequest request) {
    RequestBody body = request.json().onlyFields("statement", Set.of("provider", "date"));
    String provider = body.text("provider");
    if (!provider.matches("[a-z]{1,32}")) {
      throw InvalidInput.unprocessable("provider must be a provider's name, such as wechatpay");
    }
    return Responses.respond(
        statements.reconcile(provider, body.date("date")),
        200,
        r -> {
          Map<String, Object> out = new LinkedHashMap<>();
          out.put("provider", r.provider());
          out.put("date", r.date().toString());
          out.put("lines", r.lines());
          out.put("matched", r.matched());
          out.put("exceptions", r.exceptions());
          out.put("settlementCurrency", r.totals().map(t -> t.currency()).orElse(null));
          out.put("feesMinor", r.totals().map(t -> t.feesMinor()).orElse(null));
          out.put("netMinor", r.totals().map(t -> t.netMinor()).orElse(null));
          out.put("payoutsMinor", r.totals().map(t -> t.payoutsMinor()).orElse(null));
          return out;
        });
  }
}
