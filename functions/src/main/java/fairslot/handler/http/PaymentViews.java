package fairslot.handler.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.money.domain.Payment;
import fairslot.payment.app.Checkout;
import fairslot.payment.app.PaymentProviders;
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
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record PaymentView(
      String paymentNo,
      long amountMinor,
      String currency,
      String provider,
      String status,
      Map<String, Object> client,
      WalletPartView walletPart) {
    public static PaymentView of(Checkout c) {
      Payment p = c.payment();
      return new PaymentView(
          p.paymentNo(),
          p.amount().minor(),
          p.amount().currency(),
          p.provider(),
          p.status().name(),
          c.client(),
          c.walletPart().map(WalletPartView::of).orElse(null));
    }
  }

  /** A split payment's wallet part: taken (SUCCEEDED) while the rest is paid, or given back. */
  public record WalletPartView(String paymentNo, long amountMinor, String status) {
    static WalletPartView of(Payment w) {
      return new WalletPartView(w.paymentNo(), w.amount().minor(), w.status().name());
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
    return named(
        request.jsonOrEmpty().onlyFields("payment", Set.of("provider")).optionalText("provider"),
        "provider");
  }

  /**
   * A booking's {@code POST /bookings/{id}/pay {provider?, rest?}}: {@code rest} (v1.3) names the
   * provider of what the wallet cannot pay, and only with {@code provider: "wallet"}.
   */
  public record PayWith(Optional<String> provider, Optional<String> rest) {
    public static PayWith of(HttpRequest request) {
      RequestBody body = request.jsonOrEmpty().onlyFields("payment", Set.of("provider", "rest"));
      Optional<String> provider = named(body.optionalText("provider"), "provider");
      Optional<String> rest = named(body.optionalText("rest"), "rest");
      if (rest.isPresent() && !provider.equals(Optional.of(PaymentProviders.WALLET))) {
        throw InvalidInput.unprocessable("rest is the provider paying what the wallet cannot");
      }
      if (rest.filter(PaymentProviders.WALLET::equals).isPresent()) {
        throw InvalidInput.unprocessable("rest names another provider than the wallet");
      }
      return new PayWith(provider, rest);
    }
  }

  private static Optional<String> named(Optional<String> name, String field) {
    if (name.isPresent() && !name.get().matches("[a-z]{1,32}")) {
      throw InvalidInput.unprocessable(field + " must be a provider's name, such as wechatpay");
    }
    return name;
  }
}
