package fairslot.payment.app;

import fairslot.kernel.Money;
import fairslot.kernel.Refusal;
import fairslot.money.domain.AbnormalRefund;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.domain.PayerDescription;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Port: a payment service provider. Its outcomes arrive by its own notifications, or are found by
 * asking it ({@link #query}, {@link #queryRefund}) when a notification never comes; both give the
 * same {@link PaymentCallback}, whose event id names the provider's order and state, so the two
 * apply an outcome once.
 */
public interface PaymentProvider {

  /** The name shown to customers and kept on the payment. */
  String name();

  /** Why this payer cannot pay with this provider (e.g. no WeChat identity), before any write. */
  default Optional<Refusal> refuses(Payer payer) {
    return Optional.empty();
  }

  /** The smallest amount, in minor units, this provider charges in {@code currency}, if it says. */
  default Optional<Long> minimumMinor(String currency) {
    return Optional.empty();
  }

  /** The step amounts in {@code currency} must be a multiple of (Stripe: 10 for 3 decimals). */
  default long minorStep(String currency) {
    return 1;
  }

  /**
   * Opens the provider's order for the payment, or reopens the one already opened for its {@code
   * paymentNo} (providers key their orders by it, so a retry never makes a second order), and
   * answers what the payer's client needs to pay it.
   */
  Map<String, Object> start(Payment payment, Payer payer);

  /**
   * Whether the provider can be asked about its orders ({@link #query}, {@link #close}); the
   * payments-reconcile job leaves the payments of one that cannot (the local provider) alone.
   */
  default boolean answersQueries() {
    return false;
  }

  /** Closes the provider's order when the hold it was for has lapsed. */
  default Closing close(Payment payment) {
    return Closing.CLOSED;
  }

  /** What the provider says of the payment now; empty while it is still open or unknown. */
  default Optional<PaymentCallback> query(Payment payment) {
    return Optional.empty();
  }

  /**
   * Asks the provider to refund {@link Payment#refund()} under {@code refundNo}, the same number on
   * every attempt, so the provider never pays the same money back twice; may complete at once (cash
   * at the desk) or later by notification.
   */
  RefundAttempt refund(Payment payment, String refundNo);

  /**
   * Sends an ABNORMAL refund somewhere else (WeChat Pay's apply-abnormal-refund), under the same
   * refund number; ACCEPTED once the provider processes it again (or already does).
   */
  default RefundAttempt applyAbnormalRefund(Payment payment, String refundNo, AbnormalRefund to) {
    return new RefundAttempt.Refused("UNSUPPORTED");
  }

  /** What the provider says of the refund now; empty while it is still processing or unknown. */
  default Optional<PaymentCallback> queryRefund(Payment payment, String refundNo) {
    return Optional.empty();
  }

  /**
   * The provider's statement of a day (in {@link #statementZone()}): every payment and refund it
   * settled; empty when this provider keeps none fairslot can read.
   */
  default Optional<List<StatementLine>> statement(LocalDate day) {
    return Optional.empty();
  }

  /** The zone the provider's statement days are in (WeChat Pay's are China's). */
  default ZoneId statementZone() {
    return ZoneOffset.UTC;
  }

  /**
   * What asking for a refund got (API.md v1.3): accepted (the provider's notification or a query
   * finishes it), completed at once, failed (asked again with backoff, then given up for staff),
   * refused for now ({@link RetryLater}: the merchant's balance is short, too many requests, the
   * provider's own error; asked again under the same number for as long as it takes), or refused
   * for good ({@link Refused}: no retry can mend the request; given up at once, with the code).
   */
  sealed interface RefundAttempt {
    RefundAttempt ACCEPTED = new Accepted();
    RefundAttempt COMPLETED = new Completed();
    RefundAttempt FAILED = new Failed();

    record Accepted() implements RefundAttempt {}

    record Completed() implements RefundAttempt {}

    record Failed() implements RefundAttempt {}

    record RetryLater(String code) implements RefundAttempt {}

    record Refused(String code) implements RefundAttempt {}
  }

  /** What closing an order found. PAID: the payer paid meanwhile, a late payment to apply. */
  enum Closing {
    CLOSED,
    PAID,
    UNKNOWN
  }

  /**
   * Who pays and until when: {@code deadline} is the hold's (the provider's order lapses with it),
   * {@code wechatOpenId} the member's linked WeChat identity, looked up only by a provider that
   * asks for it (a Stripe or local payment costs no read of it), and once; likewise what the payer
   * is shown ({@link PayerDescription}), read only when a new order is made.
   */
  record Payer(
      String userId,
      Money amount,
      Supplier<Optional<String>> openIdLookup,
      Optional<Instant> deadline,
      Supplier<PayerDescription> describe) {

    public Payer {
      openIdLookup = new Once<>(openIdLookup);
      describe = new Once<>(describe);
    }

    public Optional<String> wechatOpenId() {
      return openIdLookup.get();
    }

    /** The order's description, as the payer sees it. */
    public String description() {
      return describe.get().text();
    }

    /** The card statement's dynamic suffix (Stripe). */
    public String statementSuffix() {
      return describe.get().statementSuffix();
    }

    /** The lookup's first answer, kept. */
    private static final class Once<T> implements Supplier<T> {
      private final Supplier<T> lookup;
      private T answer;

      Once(Supplier<T> lookup) {
        this.lookup = lookup;
      }

      @Override
      public synchronized T get() {
        if (answer == null) {
          answer = lookup.get();
        }
        return answer;
      }
    }
  }
}
