package fairslot.handler;

import fairslot.auth.app.SessionTokens;
import fairslot.booking.app.BookingService;
import fairslot.booking.app.QueuedAdmission;
import fairslot.booking.app.Reconciliation;
import fairslot.booking.app.SlotCancellation;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.Lotteries;
import fairslot.catalog.app.SlotEdits;
import fairslot.catalog.app.VenueEdits;
import fairslot.coupon.app.CouponService;
import fairslot.definitions.Fairslot;
import fairslot.definitions.Role;
import fairslot.definitions.RouteDefinition;
import fairslot.definitions.VenueScope;
import fairslot.finance.app.FinanceService;
import fairslot.handler.http.AdminEndpoints;
import fairslot.handler.http.AvailabilityEndpoints;
import fairslot.handler.http.BookingEndpoints;
import fairslot.handler.http.CatalogEndpoints;
import fairslot.handler.http.Endpoints;
import fairslot.handler.http.FinanceEndpoints;
import fairslot.handler.http.FinanceExceptionEndpoints;
import fairslot.handler.http.NotificationEndpoints;
import fairslot.handler.http.PassEndpoints;
import fairslot.handler.http.PaymentEndpoints;
import fairslot.handler.http.ProfileEndpoints;
import fairslot.handler.http.StaffEndpoints;
import fairslot.handler.http.StandingEndpoints;
import fairslot.handler.http.StatementEndpoints;
import fairslot.handler.http.StripeEndpoints;
import fairslot.handler.http.VenueOpsEndpoints;
import fairslot.handler.http.VenueStaffEndpoints;
import fairslot.handler.http.WaitlistEndpoints;
import fairslot.handler.http.WechatEndpoints;
import fairslot.handler.http.coupon.CouponEndpoints;
import fairslot.handler.http.membership.MembershipEndpoints;
import fairslot.handler.http.wallet.WalletEndpoints;
import fairslot.handler.integration.AuthEndpoints;
import fairslot.handler.integration.CalendarEndpoints;
import fairslot.handler.integration.DataRightsEndpoints;
import fairslot.handler.integration.TicketEndpoints;
import fairslot.handler.integration.WebhookEndpoints;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.Ids;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.Tickets;
import fairslot.handler.internal.VenueGate;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.app.CalendarFeeds;
import fairslot.member.app.ContactVerification;
import fairslot.member.app.MemberRateLimit;
import fairslot.member.app.ProfileService;
import fairslot.member.app.StandingService;
import fairslot.member.app.WechatLinking;
import fairslot.member.app.WechatPhones;
import fairslot.member.app.WechatSignIn;
import fairslot.membership.app.MembershipService;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.messaging.stripe.StripeWebhooks;
import fairslot.messaging.wechatpay.WechatPayNotifications;
import fairslot.notification.app.NotificationDesk;
import fairslot.notification.app.SubscribeGrants;
import fairslot.pass.app.PassService;
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.StatementReconciliation;
import fairslot.privacy.app.MemberData;
import fairslot.staff.app.DeskService;
import fairslot.staff.app.StaffService;
import fairslot.staff.app.VenueStaff;
import fairslot.waitlist.app.WaitlistService;
import fairslot.wallet.app.WalletService;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The HTTP contract, dispatched by API Gateway route key. Each area of {@code handler.http} serves
 * its routes; who may call a route comes from the shared route definitions, checked here once.
 */
public final class HttpApi {
  private record Route(
      List<Role> roles, VenueScope scope, RouteDefinition.Access access, Endpoints area) {}

  private final Map<String, Route> routes = new HashMap<>();
  private final VenueGate gate;
  private final MemberRateLimit rateLimit;

  /** The application services the endpoints call. */
  public record Services(
      CatalogService catalog,
      BookingService bookings,
      PaymentService payments,
      StaffService staff,
      WaitlistService waitlist,
      QueuedAdmission admission,
      DeskService desk,
      SlotCancellation cancellation,
      Reconciliation reconciliation,
      SlotEdits slotEdits,
      VenueEdits venueEdits,
      FinanceService finance,
      StandingService standing,
      PassService passes,
      WalletService wallets,
      MembershipService memberships,
      CouponService coupons,
      ProfileService profiles,
      ContactVerification verification,
      NotificationDesk notifications,
      WechatLinking wechat,
      WechatPhones wechatPhones,
      WechatSignIn signIn,
      SessionTokens sessions,
      SubscribeGrants subscribeGrants,
      StatementReconciliation statements,
      VenueStaff venueStaff,
      VenueGate gate,
      MemberRateLimit rateLimit,
      Lotteries lotteries,
      Tickets tickets,
      CalendarFeeds calendars,
      fairslot.webhook.app.Webhooks webhooks,
      MemberData memberData) {}

  /** The providers' notification checks: the local provider's signature, WeChat Pay's. */
  public record Webhooks(
      WebhookSignature local,
      Optional<WechatPayNotifications> wechat,
      Optional<StripeWebhooks> stripe) {}

  public HttpApi(Services s, IdempotencyKeys idempotency, Webhooks webhooks, Clock clock) {
    this(
        Fairslot.ROUTES,
        s.gate(),
        s.rateLimit(),
        List.of(
            new CatalogEndpoints(s.catalog(), idempotency, s.lotteries()),
            new AvailabilityEndpoints(s.catalog()),
            new BookingEndpoints(s.bookings(), s.admission(), s.gate(), clock),
            new PaymentEndpoints(s.payments(), webhooks.local(), s.gate(), clock),
            new WechatEndpoints(s.payments(), s.wechat(), s.subscribeGrants(), webhooks.wechat()),
            new StripeEndpoints(s.payments(), webhooks.stripe()),
            new StatementEndpoints(s.statements()),
            new WaitlistEndpoints(s.waitlist(), s.bookings(), s.catalog(), idempotency, clock),
            new StaffEndpoints(s.staff(), s.desk(), s.gate(), idempotency, clock),
            new FinanceEndpoints(s.staff(), s.desk()),
            new AdminEndpoints(s.cancellation(), s.reconciliation()),
            new VenueOpsEndpoints(s.slotEdits(), s.venueEdits()),
            new FinanceExceptionEndpoints(s.finance(), s.gate()),
            new StandingEndpoints(s.standing()),
            new PassEndpoints(s.passes(), s.payments(), idempotency, clock),
            new WalletEndpoints(s.wallets(), s.payments(), idempotency),
            new MembershipEndpoints(s.memberships(), s.payments(), idempotency),
            new CouponEndpoints(s.coupons(), idempotency),
            new ProfileEndpoints(s.profiles(), s.verification(), s.wechatPhones()),
            new NotificationEndpoints(s.notifications(), s.gate()),
            new VenueStaffEndpoints(s.venueStaff(), s.gate()),
            new TicketEndpoints(s.tickets(), s.bookings(), s.staff(), s.catalog(), s.gate(), clock),
            new CalendarEndpoints(s.calendars(), s.bookings(), s.catalog(), clock),
            new WebhookEndpoints(s.webhooks()),
            new DataRightsEndpoints(s.memberData()),
            new AuthEndpoints(s.signIn(), s.sessions())));
  }

  /** Fails at init if an area serves a route the definitions lack, or the reverse. */
  HttpApi(
      List<RouteDefinition> definitions,
      VenueGate gate,
      MemberRateLimit rateLimit,
      List<Endpoints> areas) {
    this.gate = gate;
    this.rateLimit = rateLimit;
    Map<String, Endpoints> served = new HashMap<>();
    for (Endpoints area : areas) {
      for (String key : area.routeKeys()) {
        if (served.put(key, area) != null) {
          throw new IllegalStateException("two areas serve " + key);
        }
      }
    }
    for (RouteDefinition definition : definitions) {
      Endpoints area = served.remove(definition.routeKey());
      if (area == null) {
        throw new IllegalStateException("no endpoint serves " + definition.routeKey());
      }
      routes.put(
          definition.routeKey(),
          new Route(definition.roles(), definition.venueScope(), definition.access(), area));
    }
    if (!served.isEmpty()) {
      throw new IllegalStateException("routes missing from the definitions: " + served.keySet());
    }
  }

  /** The route keys this API serves. */
  public Set<String> routeKeys() {
    return Set.copyOf(routes.keySet());
  }

  public HttpResponse handle(HttpRequest request) {
    Route route = routes.get(request.routeKey());
    if (route == null) {
      return Problems.of(Refusal.NOT_FOUND, 404, "no route " + request.routeKey(), Map.of());
    }
    try {
      // A provider's signed body is its own format: its ids are checked against what we stored.
      Ids.check(request, route.access() != RouteDefinition.Access.SIGNED);
      VenueGate.Decision decision =
          route.roles().isEmpty()
              ? VenueGate.Decision.ALLOW
              : gate.decide(request.requireCaller(), route.roles(), route.scope(), request);
      if (decision == VenueGate.Decision.NOT_FOUND) {
        return Problems.of(Refusal.NOT_FOUND, 404, "nothing has the id this names", Map.of());
      }
      if (decision == VenueGate.Decision.FORBID) {
        return Problems.of(
            Refusal.FORBIDDEN,
            403,
            "this needs one of the roles "
                + route.roles().toString().toLowerCase(Locale.ROOT)
                + (route.scope() == VenueScope.PLATFORM
                    ? " for the whole platform"
                    : ", held everywhere or at this venue"),
            Map.of());
      }
      boolean metered = Fairslot.MEMBER_RATE_LIMITED.contains(request.routeKey());
      if (metered) {
        var wait = rateLimit.admit(request.requireCaller().userId());
        if (wait.isPresent()) {
          return Problems.of(
                  Refusal.RATE_LIMITED,
                  429,
                  "more than "
                      + MemberRateLimit.LIMIT
                      + " booking or waitlist requests in "
                      + MemberRateLimit.WINDOW.toSeconds()
                      + " s; try again shortly",
                  Map.of())
              .withHeader("retry-after", Long.toString(wait.getAsLong()));
        }
      }
      HttpResponse response = route.area().handle(request.routeKey(), request);
      if (metered && response.status() != 422 && response.status() != 404) {
        // Past input and lookup: a request the rules answered, which the shared count sees.
        rateLimit.reachedTheRules(request.requireCaller().userId());
      }
      return response;
    } catch (InvalidInput invalid) {
      return Problems.of(invalid);
    } catch (PageRequest.BadCursor bad) {
      return Problems.of(Refusal.INVALID_REQUEST, 422, bad.getMessage(), Map.of());
    }
  }
}
