package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import fairslot.app.PaymentService;
import fairslot.domain.Money;
import fairslot.domain.PaymentCallback;
import fairslot.domain.Refusal;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.RequestBody;
import fairslot.handler.internal.Views.PaymentView;
import fairslot.messaging.payments.WebhookSignature;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

/** Starting a payment, and the provider's signed webhook. */
public final class PaymentEndpoints implements Endpoints {
  private final PaymentService payments;
  private final WebhookSignature webhookSignature;
  private final Clock clock;

  public PaymentEndpoints(PaymentService payments, WebhookSignature webhookSignature, Clock clock) {
    this.payments = payments;
    this.webhookSignature = webhookSignature;
    this.clock = clock;
  }

  @Override
  public Map<String, Function<HttpRequest, HttpResponse>> byRouteKey() {
    return Map.of(
        "POST /bookings/{bookingId}/pay", this::pay,
        "POST /payments/callback", this::callback);
  }

  private HttpResponse pay(HttpRequest request) {
    return respond(
        payments.pay(request.requireCaller().userId(), request.path("bookingId")),
        200,
        PaymentView::of);
  }

  /**
   * The signature over the raw body is checked before anything is read from it; a replayed event id
   * changes nothing and is still answered 200.
   */
  private HttpResponse callback(HttpRequest request) {
    String raw = request.body() == null ? "" : request.body();
    if (!webhookSignature.verify(
        request.header(WebhookSignature.TIMESTAMP_HEADER),
        request.header(WebhookSignature.SIGNATURE_HEADER),
        raw,
        clock.instant())) {
      return Problems.of(
          Refusal.BAD_SIGNATURE, 401, "missing, stale or wrong webhook signature", Map.of());
    }
    return respond(payments.callback(callback(RequestBody.parse(raw))), 200, applied -> OK);
  }

  private static final Map<String, Object> OK = Map.of("ok", true);

  private static PaymentCallback callback(RequestBody body) {
    Money amount;
    try {
      amount = new Money(body.nonNegativeLong("amountMinor"), body.text("currency"));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable(e.getMessage());
    }
    return new PaymentCallback(
        body.text("eventId"),
        body.text("paymentNo"),
        body.text("bookingId"),
        amount,
        body.enumeration("status", PaymentCallback.Outcome.class));
  }
}
