package fairslot.handler.http;

import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.money.domain.Payment;
import fairslot.payment.app.Checkout;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What paying a booking or a pass takes and answers (POST .../pay). */
public final class PaymentViews {
  private PaymentViews() {}

  /**
   * A payment as its payer starts it; {@code client} is what the provider's client side takes (the
   * {@code wx.requestPayment} fields, a Stripe client secret; empty for the local provider).
   */
  public record PaymentView(
      String paymentNo,
      long amountMinor,
      String currency,
      String provider,
      String status,
      Map<String, Object> client) {
    public static PaymentView of(Checkout c) {
      Payment p = c.payment();
      return new PaymentView(
          p.paymentNo(),
          p.amount().minor(),
          p.amount().currency(),
          p.provider(),
          p.status().name(),
          c.client());
    }
  }

  /** A staff refund's body, {@code {amountMinor?, reason?}} (v1.3): parsed once, checked here. */
  public record RefundAsked(RequestBody body, Optional<Long> amountMinor, Optional<String> reason) {
    public static RefundAsked of(HttpRequest request) {
      RequestBody body =
          request.jsonOrEmpty().onlyFields("refund", Set.of("amountMinor", "reason"));
      Optional<Long> amount = Optional.empty();
      if (body.has("amountMinor")) {
        long minor = body.nonNegativeLong("amountMinor");
        if (minor == 0) {
          throw InvalidInput.unprocessable("amountMinor must be at least 1");
        }
        amount = Optional.of(minor);
      }
      return new RefundAsked(body, amount, body.optionalText("reason"));
    }
  }

  /** The provider a payer names in {@code POST .../pay {provider?}}; absent: the default. */
  public static Optional<String> providerAsked(HttpRequest request) {
    Optional<String> name =
        request.jsonOrEmpty().onlyFields("payment", Set.of("provider")).optionalText("provider");
    if (name.isPresent() && !name.get().matches("[a-z]{1,32}")) {
      throw InvalidInput.unprocessable("provider must be a provider's name, such as wechatpay");
    }
    return name;
  }
}
