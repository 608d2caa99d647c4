package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.definitions.Role;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.RequestBody;
import fairslot.handler.internal.VenueGate;
import fairslot.kernel.Money;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import fairslot.messaging.payments.CallbackRedaction;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.money.domain.Decline;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentRecord;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentService;
import fairslot.shared.Metrics;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Starting a payment, and the provider's signed webhook. */
public final class PaymentEndpoints implements Endpoints {
  private final PaymentService payments;
  private final VenueGate gate;
  private final WebhookSignature webhookSignature;
  private final Clock clock;

  public PaymentEndpoints(
      PaymentService payments, WebhookSignature webhookSignature, VenueGate gate, Clock clock) {
    this.payments = payments;
    this.gate = gate;
    this.webhookSignature = webhookSignature;
    this.clock = clock;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /bookings/{bookingId}/pay",
        "POST /payments/callback",
        "GET /bookings/{bookingId}/payments");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /bookings/{bookingId}/pay" -> pay(request);
      case "POST /payments/callback" -> callback(request);
      case "GET /bookings/{bookingId}/payments" -> paymentsOf(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  /**
   * The roles that see a booking's payments, with the raw callbacks: everywhere, or at its venue.
   */
  private static final List<Role> FINANCE_VIEW = List.of(Role.FINANCE, Role.ADMIN);

  private HttpResponse paymentsOf(HttpRequest request) {
    Caller caller = request.requireCaller();
    String bookingId = request.path("bookingId");
    boolean finance = gate.atBookingsVenue(caller, FINANCE_VIEW, bookingId);
    return payments
        .paymentsOf(bookingId, caller.userId(), finance)
        .map(
            found ->
                HttpResponse.json(
                    200,
                    new ListView<>(
                        found.records().stream()
                            .map(r -> PaymentRecordView.of(r, found.zone(), finance))
                            .toList(),
                        null)))
        .orElseGet(() -> Responses.notFound("booking"));
  }

  /** A payment and its callbacks; {@code rawCallback} only for finance and admin. */
  record PaymentRecordView(
      String paymentNo,
      String status,
      long amountMinor,
      String currency,
      String provider,
      String createdAt,
      List<ReceivedView> events,
      List<RefundView> refunds,
      LastErrorView lastError) {
    static PaymentRecordView of(PaymentRecord r, ZoneId zone, boolean withRaw) {
      var p = r.payment();
      return new PaymentRecordView(
          p.paymentNo(),
          p.status().name(),
          p.amount().minor(),
          p.amount().currency(),
          p.provider(),
          VenueTime.show(p.createdAt(), zone),
          r.events().stream()
              .map(
                  e ->
                      new ReceivedView(
                          e.eventId(),
                          e.status().name(),
                          VenueTime.show(e.receivedAt(), zone),
                          withRaw ? e.rawCallback() : null))
              .toList(),
          RefundView.of(r),
          p.status() == PaymentStatus.PENDING
              ? r.lastError().map(LastErrorView::of).orElse(null)
              : null);
    }
  }

  /** The last declined attempt of an open payment: the member may pay again (API.md v1.3). */
  record LastErrorView(String code, String declineCode, String message) {
    static LastErrorView of(Decline d) {
      return new LastErrorView(d.code(), d.declineCode().orElse(null), d.message());
    }
  }

  /**
   * The payment's refunds, once one is owed: its parts (a reschedule's difference) first, then its
   * own; each with its number at the provider ({@code out_refund_no}, the Stripe idempotency key),
   * the same on every attempt, and where it stands.
   */
  record RefundView(String refundNo, String status, long amountMinor) {
    static List<RefundView> of(PaymentRecord r) {
      List<RefundView> all = new ArrayList<>();
      r.parts().forEach(part -> of(part).ifPresent(all::add));
      of(r.payment()).ifPresent(all::add);
      return all;
    }

    private static Optional<RefundView> of(Payment p) {
      String status =
          switch (p.status()) {
            case REFUNDING -> "PROCESSING";
            case REFUNDED -> "SUCCEEDED";
            case REFUND_FAILED -> "FAILED";
            default -> null;
          };
      return Optional.ofNullable(status)
          .map(s -> new RefundView(p.refundNo(), s, p.refund().minor()));
    }
  }

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record ReceivedView(String eventId, String status, String receivedAt, String rawCallback) {}

  private HttpResponse pay(HttpRequest request) {
    PaymentViews.PayWith with = PaymentViews.PayWith.of(request);
    return respond(
        payments.pay(
            request.requireCaller().userId(),
            new Payable.ForBooking(request.path("bookingId")),
            with.provider(),
            with.rest()),
        200,
        PaymentViews.PaymentView::of);
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
    // Kept redacted of the payer's personal fields (the signature was checked on the raw body).
    PaymentCallback callback = callback(request.json(), CallbackRedaction.redact(raw));
    HttpResponse answer = respond(payments.callback(callback), 200, applied -> OK);
    Metrics.line()
        .dimension("Outcome", callback.outcome().name())
        .count("PaymentCallbacks", 1)
        .property("paymentNo", callback.paymentNo())
        .emit();
    return answer;
  }

  private static final Map<String, Object> OK = Map.of("ok", true);

  private static PaymentCallback callback(RequestBody body, String raw) {
    Money amount;
    try {
      amount = new Money(body.nonNegativeLong("amountMinor"), body.text("currency"));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable(e.getMessage());
    }
    Optional<String> paidFor = Payable.fieldOf(body::has);
    if (paidFor.isEmpty()) {
      throw InvalidInput.unprocessable(
          "a callback names exactly one of bookingId, passId or topUpId");
    }
    PaymentCallback.Outcome outcome = body.enumeration("status", PaymentCallback.Outcome.class);
    if (outcome == PaymentCallback.Outcome.REFUND_ABNORMAL) {
      // v1's webhook knows four statuses; an abnormal refund is a real provider's report.
      throw InvalidInput.unprocessable(
          "status must be SUCCEEDED, FAILED, REFUNDED or REFUND_FAILED");
    }
    // A refund of part of a payment names its refund number (docs/api-notes.md); the payment's
    // own refund needs none, as in v1.
    Optional<String> refundNo =
        body.has("refundNo") ? Optional.of(body.text("refundNo")) : Optional.empty();
    return new PaymentCallback(
        body.text("eventId"),
        body.text("paymentNo"),
        Payable.named(paidFor.get(), body.text(paidFor.get())),
        amount,
        outcome,
        raw,
        refundNo);
  }
}
