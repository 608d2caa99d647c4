package fairslot.handler.http;

import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatLinking;
import fairslot.messaging.wechatpay.WechatPayNotifications;
import fairslot.notification.app.SubscribeGrants;
import fairslot.payment.app.NotificationVerdict;
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.PaymentService.Applied;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * WeChat: linking a member's identity, and WeChat Pay's notifications, answered in WeChat's own
 * forms (204 with no body; otherwise {@code {"code":"FAIL","message":...}}, which WeChat retries).
 */
public final class WechatEndpoints implements Endpoints {
  private final PaymentService payments;
  private final WechatLinking linking;
  private final SubscribeGrants grants;
  private final Optional<WechatPayNotifications> notifications;

  public WechatEndpoints(
      PaymentService payments,
      WechatLinking linking,
      SubscribeGrants grants,
      Optional<WechatPayNotifications> notifications) {
    this.payments = payments;
    this.linking = linking;
    this.grants = grants;
    this.notifications = notifications;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /payments/wechatpay/notify",
        "PUT /me/wechat",
        "POST /me/wechat/subscriptions",
        "GET /me/wechat/subscriptions");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /payments/wechatpay/notify" -> notify(request);
      case "PUT /me/wechat" -> link(request);
      case "POST /me/wechat/subscriptions" -> grant(request);
      case "GET /me/wechat/subscriptions" ->
          HttpResponse.json(200, Map.of("items", grants.left(request.requireCaller().userId())));
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse link(HttpRequest request) {
    RequestBody body = request.json().onlyFields("wechat", Set.of("code"));
    String code = body.longText("code", 128);
    return Responses.respond(
        linking.link(request.requireCaller().userId(), code),
        200,
        linked -> Map.of("wechatLinked", linked));
  }

  /** What wx.requestSubscribeMessage answered, per template: each accept is one send. */
  private HttpResponse grant(HttpRequest request) {
    RequestBody body = request.json().onlyFields("subscriptions", Set.of("grants"));
    List<SubscribeGrants.Grant> answered = new ArrayList<>();
    for (RequestBody g : body.objects("grants", 20)) {
      g.onlyFields("grant", Set.of("templateId", "result"));
      answered.add(new SubscribeGrants.Grant(g.longText("templateId", 128), g.text("result")));
    }
    // the request's Idempotency-Key makes a retry add nothing; without one, each request counts
    String requestKey =
        IdempotencyKeys.of(request, request.requireCaller(), body)
            .map(
                k ->
                    UUID.nameUUIDFromBytes(
                            (k.scope() + "#" + k.fingerprint()).getBytes(StandardCharsets.UTF_8))
                        .toString())
            .orElseGet(() -> UUID.randomUUID().toString());
    return Responses.respond(
        grants.record(request.requireCaller().userId(), answered, requestKey),
        200,
        left -> Map.of("items", left));
  }

  /**
   * Verified before anything is read; an authentic notification that fairslot cannot apply (an
   * unknown order, another merchant's, a different amount) is kept for finance and acknowledged, so
   * WeChat stops retrying it. Only a busy booking (503) asks WeChat to come again.
   */
  private HttpResponse notify(HttpRequest request) {
    if (notifications.isEmpty()) {
      return fail(401, "WeChat Pay is not configured here");
    }
    String raw = request.body() == null ? "" : request.body();
    NotificationVerdict verdict =
        notifications.get().read(name -> request.header(name).orElse(null), raw);
    Metrics.line()
        .dimension("Provider", "wechatpay")
        .dimension("Verdict", verdict.getClass().getSimpleName())
        .count("ProviderNotifications", 1)
        .emit();
    if (verdict instanceof NotificationVerdict.Refused refused) {
      Log.warn("a WeChat Pay notification was refused", Map.of("why", refused.why()));
      return fail(401, refused.why());
    }
    if (verdict instanceof NotificationVerdict.Foreign foreign) {
      payments.flagUnknown(foreign.report());
      return HttpResponse.noContent();
    }
    if (verdict instanceof NotificationVerdict.Reported reported) {
      return answer(payments.report(reported.report()));
    }
    return HttpResponse.noContent(); // Ignored: a state fairslot does not act on
  }

  private static HttpResponse answer(Outcome<Applied> outcome) {
    if (outcome instanceof Outcome.Refused<Applied> refused
        && refused.refusal() == Refusal.THROTTLED) {
      return fail(503, "busy; send it again");
    }
    return HttpResponse.noContent();
  }

  private static HttpResponse fail(int status, String message) {
    return HttpResponse.json(status, Map.of("code", "FAIL", "message", message));
  }
}
