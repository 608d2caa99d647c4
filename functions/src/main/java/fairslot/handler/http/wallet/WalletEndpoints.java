package fairslot.handler.http.wallet;

import static fairslot.handler.http.Responses.respond;

import fairslot.handler.http.Endpoints;
import fairslot.handler.http.ListView;
import fairslot.handler.http.PaymentViews;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Currencies;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.money.domain.Payable;
import fairslot.payment.app.PaymentService;
import fairslot.wallet.app.WalletService;
import fairslot.wallet.domain.TopUp;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Stored value (API.md v1.3 "One ledger: wallets"): plans, top-ups, wallets and ledgers. */
public final class WalletEndpoints implements Endpoints {
  private static final long MAX_MINOR = 1_000_000_000_000L;

  private final WalletService wallets;
  private final PaymentService payments;
  private final IdempotencyKeys idempotency;

  public WalletEndpoints(
      WalletService wallets, PaymentService payments, IdempotencyKeys idempotency) {
    this.wallets = wallets;
    this.payments = payments;
    this.idempotency = idempotency;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /venues/{venueId}/wallet-plans",
        "GET /venues/{venueId}/wallet-plans",
        "POST /wallet-plans/{planId}/buy",
        "GET /me/wallets",
        "GET /me/wallets/{venueId}/ledger",
        "POST /me/wallets/{venueId}/close",
        "GET /reports/liabilities");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /venues/{venueId}/wallet-plans" -> createPlan(request);
      case "GET /venues/{venueId}/wallet-plans" -> plans(request);
      case "POST /wallet-plans/{planId}/buy" -> buy(request);
      case "GET /me/wallets" -> mine(request);
      case "GET /me/wallets/{venueId}/ledger" -> ledger(request);
      case "POST /me/wallets/{venueId}/close" -> close(request);
      case "GET /reports/liabilities" -> liabilities(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse createPlan(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body =
        request
            .json()
            .onlyFields("wallet plan", Set.of("name", "payMinor", "bonusMinor", "currency"));
    String name = body.longText("name", 100);
    long pay = body.nonNegativeLong("payMinor");
    long bonus = body.has("bonusMinor") ? body.nonNegativeLong("bonusMinor") : 0;
    String currency = body.text("currency");
    if (pay == 0 || pay > MAX_MINOR || bonus > MAX_MINOR) {
      throw InvalidInput.unprocessable("payMinor must be from 1, and both amounts to 10^12");
    }
    if (!Currencies.isChargeable(currency)) {
      throw InvalidInput.unprocessable(
          "currency must be an ISO 4217 currency, such as CNY, JPY or BHD");
    }
    Money price = new Money(pay, currency);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () ->
            respond(
                wallets.createPlan(
                    caller.userId(), request.path("venueId"), name, price, bonus, key),
                201,
                WalletViews.PlanView::of));
  }

  private HttpResponse plans(HttpRequest request) {
    var page = wallets.plans(request.path("venueId"), request.page());
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream().map(WalletViews.PlanView::of).toList(),
            page.nextCursor().orElse(null)));
  }

  /** What the venue owes in stored value at the end of a day (finance). */
  private HttpResponse liabilities(HttpRequest request) {
    return respond(
        wallets.liabilities(request.requiredQuery("venueId"), request.dateQuery("date")),
        200,
        WalletViews.LiabilitiesView::of);
  }

  /** The member's wallet at the venue closed: principal refunded newest first, bonus forfeited. */
  private HttpResponse close(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.jsonOrEmpty().onlyFields("wallet close", Set.of());
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () ->
            respond(
                payments.closeWallet(caller.userId(), request.path("venueId")),
                200,
                WalletViews.ClosedView::of));
  }

  /** A top-up of the plan, and its payment started with the provider named: paid like a pass. */
  private HttpResponse buy(HttpRequest request) {
    Caller caller = request.requireCaller();
    Optional<String> provider = PaymentViews.providerAsked(request);
    RequestBody body = request.jsonOrEmpty();
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () -> {
          Outcome<TopUp> bought = wallets.buy(caller.userId(), request.path("planId"), key);
          if (!(bought instanceof Outcome.Done<TopUp> done)) {
            return respond(bought, 201, t -> t);
          }
          TopUp topUp = done.value();
          return respond(
              payments.pay(caller.userId(), new Payable.ForTopUp(topUp.topUpId()), provider),
              201,
              checkout -> WalletViews.TopUpView.of(topUp, PaymentViews.PaymentView.of(checkout)));
        });
  }

  private HttpResponse mine(HttpRequest request) {
    return HttpResponse.json(
        200,
        new ListView<>(
            wallets.wallets(request.requireCaller().userId()).stream()
                .map(WalletViews.WalletView::of)
                .toList(),
            null));
  }

  private HttpResponse ledger(HttpRequest request) {
    var page =
        wallets.ledger(request.requireCaller().userId(), request.path("venueId"), request.page());
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream().map(WalletViews.EntryView::of).toList(),
            page.nextCursor().orElse(null)));
  }
}
