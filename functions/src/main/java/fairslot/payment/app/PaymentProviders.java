package fairslot.payment.app;

import fairslot.money.domain.Payment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The deployment's online providers (the first is the default) plus the built-in "offline" one
 * (cash or card at the desk, whose refunds staff hand out on the spot, so they complete at once).
 */
public final class PaymentProviders {
  public static final String OFFLINE = "offline";

  /**
   * The member's wallet (v1.3): paid and refunded inside fairslot's own transactions (the same name
   * as the money room's {@code Wallet.PROVIDER}, which memberships' wallet payments use).
   */
  public static final String WALLET = "wallet";

  private final List<PaymentProvider> online;
  private final Map<String, PaymentProvider> byName = new LinkedHashMap<>();

  public PaymentProviders(PaymentProvider online) {
    this(List.of(online));
  }

  public PaymentProviders(List<PaymentProvider> online) {
    if (online.isEmpty()) {
      throw new IllegalArgumentException("a deployment needs at least one online provider");
    }
    this.online = List.copyOf(online);
    online.forEach(p -> byName.put(p.name(), p));
    byName.put(OFFLINE, new Offline());
    byName.put(WALLET, new Wallet());
  }

  /** The default online provider. */
  public PaymentProvider online() {
    return online.get(0);
  }

  /**
   * The online provider a payer asked for (the default when none was named); empty when this
   * deployment has not configured it, which is refused, never faked.
   */
  public Optional<PaymentProvider> online(Optional<String> name) {
    return name.isEmpty()
        ? Optional.of(online())
        : online.stream().filter(p -> p.name().equals(name.get())).findFirst();
  }

  /** The names a payer may ask for, default first. */
  public List<String> onlineNames() {
    return online.stream().map(PaymentProvider::name).toList();
  }

  public PaymentProvider of(Payment payment) {
    PaymentProvider p = byName.get(payment.provider());
    if (p == null) {
      throw new IllegalStateException(
          "no provider " + payment.provider() + " for payment " + payment.paymentNo());
    }
    return p;
  }

  /**
   * A wallet payment's refund completes at once: the wallet is credited in the transaction that
   * marks the refund REFUNDED (PaymentSettlement), so it is paid back exactly once.
   */
  private static final class Wallet implements PaymentProvider {
    @Override
    public String name() {
      return WALLET;
    }

    @Override
    public Map<String, Object> start(Payment payment, Payer payer) {
      return Map.of(); // taken in the transaction that makes the booking PAID
    }

    @Override
    public RefundAttempt refund(Payment payment, String refundNo) {
      return RefundAttempt.COMPLETED;
    }
  }

  private static final class Offline implements PaymentProvider {
    @Override
    public String name() {
      return OFFLINE;
    }

    @Override
    public Map<String, Object> start(Payment payment, Payer payer) {
      return Map.of(); // collected at the desk
    }

    @Override
    public RefundAttempt refund(Payment payment, String refundNo) {
      return RefundAttempt.COMPLETED;
    }
  }
}
