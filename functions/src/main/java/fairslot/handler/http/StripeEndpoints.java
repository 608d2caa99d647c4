package fairslot.handler.http;

import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.Problems;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.messaging.stripe.StripeWebhooks;
import fairslot.payment.app.NotificationVerdict;
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.PaymentService.Applied;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Stripe's webhook: verified before it is read; 2xx once applied, replayed, ignored or kept for
 * finance (Stripe then stops retrying), 400 for a bad signature, 503 while the booking is busy.
 */
public final class StripeEndpoints implements Endpoints {
  private static final Map<String, Object> RECEIVED = Map.of("received", true);

  private final PaymentService payments;
  private final Optional<StripeWebhooks> webhooks;

  public StripeEndpoints(PaymentService payments, Optional<StripeWebhooks> webhooks) {
    this.payments = payments;
    this.webhooks = webhooks;
  }

  @Override
  public List<String> routeKeys() {
    return List.of("POST /payments/stripe/webhook");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /payments/stripe/webhook" -> webhook(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse webhook(HttpRequest request) {
    if (webhooks.isEmpty()) {
      return Problems.of(Refusal.BAD_SIGNATURE, 400, "Stripe is not configured here", Map.of());
    }
    NotificationVerdict verdict =
        webhooks
            .get()
            .read(
                request.header("Stripe-Signature").orElse(null),
                request.body() == null ? "" : request.body());
    Metrics.line()
        .dimension("Provider", "stripe")
        .dimension("Verdict", verdict.getClass().getSimpleName())
        .count("ProviderNotifications", 1)
        .emit();
    if (verdict instanceof NotificationVerdict.Refused refused) {
      Log.warn("a Stripe event was refused", Map.of("why", refused.why()));
      return Problems.of(Refusal.BAD_SIGNATURE, 400, refused.why(), Map.of());
    }
    if (verdict instanceof NotificationVerdict.Foreign foreign) {
      payments.flagUnknown(foreign.report());
      return HttpResponse.json(200, RECEIVED);
    }
    if (verdict instanceof NotificationVerdict.Declined declined) {
      // the member may try another card on the same intent: the payment stays open
      payments.noteDecline(declined.paymentNo(), declined.decline());
      return HttpResponse.json(200, RECEIVED);
    }
    if (verdict instanceof NotificationVerdict.RefundActionRequired action) {
      payments.refundNeedsAction(action);
      return HttpResponse.json(200, RECEIVED);
    }
    if (verdict instanceof NotificationVerdict.Disputed disputed) {
      payments.dispute(disputed.report());
      return HttpResponse.json(200, RECEIVED);
    }
    if (verdict instanceof NotificationVerdict.Reported reported) {
      Outcome<Applied> applied = payments.report(reported.report());
      if (applied instanceof Outcome.Refused<Applied> r && r.refusal() == Refusal.THROTTLED) {
        return Problems.of(Refusal.THROTTLED, 503, "busy; Stripe sends it again", Map.of());
      }
    }
    return HttpResponse.json(200, RECEIVED);
  }
}
