package fairslot.handler.http.membership;

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
import fairslot.membership.app.MembershipService;
import fairslot.membership.domain.Benefits;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPeriod;
import fairslot.money.domain.Payable;
import fairslot.payment.app.PaymentService;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Memberships (API.md v1.3 "Memberships"): plans, subscribing, the member's list, cancel. */
public final class MembershipEndpoints implements Endpoints {
  private static final long MAX_MINOR = 1_000_000_000_000L;

  private final MembershipService memberships;
  private final PaymentService payments;
  private final IdempotencyKeys idempotency;

  public MembershipEndpoints(
      MembershipService memberships, PaymentService payments, IdempotencyKeys idempotency) {
    this.memberships = memberships;
    this.payments = payments;
    this.idempotency = idempotency;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /venues/{venueId}/membership-plans",
        "GET /venues/{venueId}/membership-plans",
        "POST /membership-plans/{planId}/subscribe",
        "GET /me/memberships",
        "POST /me/memberships/{membershipId}/cancel");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /venues/{venueId}/membership-plans" -> createPlan(request);
      case "GET /venues/{venueId}/membership-plans" -> plans(request);
      case "POST /membership-plans/{planId}/subscribe" -> subscribe(request);
      case "GET /me/memberships" -> mine(request);
      case "POST /me/memberships/{membershipId}/cancel" -> cancel(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse createPlan(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body =
        request
            .json()
            .onlyFields(
                "membership plan", Set.of("name", "priceMinor", "currency", "period", "benefits"));
    String name = body.longText("name", 100);
    long price = body.nonNegativeLong("priceMinor");
    String currency = body.text("currency");
    if (price == 0 || price > MAX_MINOR) {
      throw InvalidInput.unprocessable("priceMinor must be from 1 to 10^12");
    }
    if (!Currencies.isChargeable(currency)) {
      throw InvalidInput.unprocessable(
          "currency must be an ISO 4217 currency, such as CNY, JPY or BHD");
    }
    MembershipPeriod period = body.enumeration("period", MembershipPeriod.class);
    Benefits benefits = benefits(body);
    var terms = new MembershipService.PlanTerms(name, new Money(price, currency), period, benefits);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () ->
            respond(
                memberships.createPlan(caller.userId(), request.path("venueId"), terms, key),
                201,
                MembershipViews.PlanView::of));
  }

  private static Benefits benefits(RequestBody body) {
    if (!body.has("benefits")) {
      return Benefits.NONE;
    }
    RequestBody b =
        body.object("benefits")
            .onlyFields("benefits", Set.of("percentOff", "bookingWindowDays", "creditsPerPeriod"));
    OptionalInt percent = b.optionalInteger("percentOff");
    OptionalInt window = b.optionalInteger("bookingWindowDays");
    OptionalInt credits = b.optionalInteger("creditsPerPeriod");
    try {
      return new Benefits(percent, window, credits);
    } catch (IllegalArgumentException outOfRange) {
      throw InvalidInput.unprocessable(
          "percentOff is 1 to 100, bookingWindowDays 1 to 365, creditsPerPeriod 1 to 1000");
    }
  }

  private HttpResponse plans(HttpRequest request) {
    var page = memberships.plans(request.path("venueId"), request.page());
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream().map(MembershipViews.PlanView::of).toList(),
            page.nextCursor().orElse(null)));
  }

  /** A membership of the plan, and its first payment started with the provider named. */
  private HttpResponse subscribe(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body =
        request.jsonOrEmpty().onlyFields("subscription", Set.of("provider", "autoRenew"));
    Optional<String> provider = body.optionalText("provider");
    if (provider.isPresent() && !provider.get().matches("[a-z]{1,32}")) {
      throw InvalidInput.unprocessable("provider must be a provider's name, such as wechatpay");
    }
    boolean autoRenew = body.optionalBoolean("autoRenew").orElse(true);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () -> {
          Outcome<Membership> made =
              memberships.subscribe(caller.userId(), request.path("planId"), autoRenew, key);
          if (!(made instanceof Outcome.Done<Membership> done)) {
            return respond(made, 201, m -> m);
          }
          Membership m = done.value();
          return respond(
              payments.pay(caller.userId(), new Payable.ForMembership(m.membershipId()), provider),
              201,
              checkout ->
                  MembershipViews.MembershipView.of(
                      memberships.find(caller.userId(), m.membershipId()).orElse(m),
                      PaymentViews.PaymentView.of(checkout)));
        });
  }

  private HttpResponse mine(HttpRequest request) {
    return HttpResponse.json(
        200,
        new ListView<>(
            memberships.mine(request.requireCaller().userId()).stream()
                .map(MembershipViews.MembershipView::of)
                .toList(),
            null));
  }

  private HttpResponse cancel(HttpRequest request) {
    request.jsonOrEmpty().onlyFields("membership cancel", Set.of());
    return respond(
        memberships.cancel(request.requireCaller().userId(), request.path("membershipId")),
        200,
        MembershipViews.MembershipView::of);
  }
}
