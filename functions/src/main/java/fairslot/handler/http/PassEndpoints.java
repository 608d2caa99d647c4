package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import fairslot.handler.http.PassViews.PassView;
import fairslot.handler.http.PassViews.PlanView;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.RequestBody;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.money.domain.Payable;
import fairslot.pass.app.PassService;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import fairslot.payment.app.PassRefunds;
import fairslot.payment.app.PaymentService;
import fairslot.shared.Json;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Plans and passes (v1.1 "Passes and credits"). */
public final class PassEndpoints implements Endpoints {
  private static final Set<String> PLAN_FIELDS =
      Set.of("name", "kind", "credits", "validity", "resourceIds", "priceMinor", "currency");
  private static final int MAX_RESOURCES = 100;

  private final PassService passes;
  private final PaymentService payments;
  private final IdempotencyKeys idempotency;
  private final Clock clock;

  public PassEndpoints(
      PassService passes, PaymentService payments, IdempotencyKeys idempotency, Clock clock) {
    this.passes = passes;
    this.payments = payments;
    this.idempotency = idempotency;
    this.clock = clock;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /venues/{venueId}/plans",
        "GET /venues/{venueId}/plans",
        "POST /me/passes",
        "GET /me/passes",
        "POST /passes/{passId}/pay",
        "POST /staff/passes",
        "POST /staff/passes/{passId}/refund",
        "POST /me/passes/{passId}/refund");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /venues/{venueId}/plans" -> createPlan(request);
      case "GET /venues/{venueId}/plans" -> plans(request);
      case "POST /me/passes" -> buy(request);
      case "GET /me/passes" -> mine(request);
      case "POST /passes/{passId}/pay" -> pay(request);
      case "POST /staff/passes" -> sell(request);
      case "POST /staff/passes/{passId}/refund" -> refund(request);
      case "POST /me/passes/{passId}/refund" -> coolOff(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  /**
   * {@code {amountMinor?, reason?}}, or no body: the unused credits' share (v1.3). With an
   * Idempotency-Key, a retry answers what the first did and refunds nothing more.
   */
  private HttpResponse refund(HttpRequest request) {
    Caller caller = request.requireCaller();
    PaymentViews.RefundAsked asked = PaymentViews.RefundAsked.of(request);
    Optional<Long> amountMinor = asked.amountMinor();
    Optional<String> reason = asked.reason();
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, asked.body());
    Instant now = clock.instant();
    return idempotency.once(
        key,
        () ->
            refunded(
                payments.refundPass(
                    caller.userId(),
                    request.path("passId"),
                    amountMinor,
                    reason,
                    key,
                    made ->
                        new StoredResponse(
                            200, Json.write(PassViews.PassRefundView.of(made, now))))));
  }

  /**
   * The member's own unused pass refunded in full within its cooling-off (v1.3 prepaid rules): no
   * body; with an Idempotency-Key a retry answers what the first did.
   */
  private HttpResponse coolOff(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.jsonOrEmpty().onlyFields("pass refund", Set.of());
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    Instant now = clock.instant();
    return idempotency.once(
        key,
        () ->
            refunded(
                payments.coolOff(
                    caller.userId(),
                    request.path("passId"),
                    key,
                    made ->
                        new StoredResponse(
                            200, Json.write(PassViews.PassRefundView.of(made, now))))));
  }

  private static HttpResponse refunded(Outcome<PassRefunds.Answer> outcome) {
    if (!(outcome instanceof Outcome.Done<PassRefunds.Answer> done)) {
      return Problems.of((Outcome.Refused<?>) outcome);
    }
    return done.value() instanceof PassRefunds.Answer.Replayed twin
        ? IdempotencyKeys.replayed(twin.response())
        : HttpResponse.rawJson(200, done.value().response().body());
  }

  /** As for a booking: the payment's number, amount and provider. */
  private HttpResponse pay(HttpRequest request) {
    return respond(
        payments.pay(
            request.requireCaller().userId(),
            new Payable.ForPass(request.path("passId")),
            PaymentViews.providerAsked(request)),
        200,
        PaymentViews.PaymentView::of);
  }

  private HttpResponse createPlan(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("plan", PLAN_FIELDS);
    PassService.CreatePlan command = plan(request.path("venueId"), body);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key, () -> respond(passes.createPlan(caller.userId(), command, key), 201, PlanView::of));
  }

  private HttpResponse plans(HttpRequest request) {
    return respond(
        passes.plansOf(request.path("venueId"), request.page()),
        200,
        page ->
            new ListView<>(
                page.items().stream().map(PlanView::of).toList(), page.nextCursor().orElse(null)));
  }

  private HttpResponse buy(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("pass", Set.of("planId"));
    String planId = body.text("planId");
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(key, () -> passResponse(passes.buy(caller.userId(), planId, key)));
  }

  private HttpResponse sell(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("pass", Set.of("planId", "customer"));
    String planId = body.text("planId");
    var customer = StaffRequests.WalkIn.customer(body);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key, () -> passResponse(passes.sellAtDesk(caller.userId(), planId, customer, key)));
  }

  private HttpResponse mine(HttpRequest request) {
    var page = passes.passesOf(request.requireCaller().userId(), request.page());
    var now = clock.instant();
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream().map(p -> PassView.of(p, now)).toList(),
            page.nextCursor().orElse(null)));
  }

  private HttpResponse passResponse(Outcome<Pass> outcome) {
    return respond(outcome, 201, p -> PassView.of(p, clock.instant()));
  }

  private static PassService.CreatePlan plan(String venueId, RequestBody body) {
    String name = body.text("name");
    if (name.isBlank() || name.length() > 200) {
      throw InvalidInput.unprocessable("name must be 1 to 200 characters");
    }
    PlanKind kind = body.enumeration("kind", PlanKind.class);
    var credits = body.optionalInteger("credits");
    if (kind == PlanKind.PACK && credits.isEmpty()) {
      throw InvalidInput.unprocessable("a PACK needs credits");
    }
    if (kind == PlanKind.MEMBERSHIP && credits.isPresent()) {
      throw InvalidInput.unprocessable("a MEMBERSHIP has no credits");
    }
    Duration validity =
        body.optionalDuration("validity")
            .orElseThrow(() -> InvalidInput.unprocessable("validity is required"));
    Set<String> resourceIds = new HashSet<>();
    var given = body.tree().get("resourceIds");
    if (given != null && !given.isNull()) {
      if (!given.isArray() || given.size() > MAX_RESOURCES) {
        throw InvalidInput.unprocessable("resourceIds must be an array of at most 100 ids");
      }
      for (var id : given) {
        if (!id.isTextual() || id.asText().isBlank()) {
          throw InvalidInput.unprocessable("resourceIds must hold resource ids");
        }
        resourceIds.add(id.asText());
      }
    }
    var price = CatalogRequests.price(body);
    PassService.CreatePlan command =
        new PassService.CreatePlan(
            venueId, name, kind, credits.orElse(0), validity, resourceIds, price);
    try {
      Plan.checkTerms(kind, command.credits(), validity);
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable(e.getMessage());
    }
    return command;
  }
}
