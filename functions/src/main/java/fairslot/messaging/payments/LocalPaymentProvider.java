package fairslot.messaging.payments;

import fairslot.money.domain.Payment;
import fairslot.payment.app.PaymentProvider;
import fairslot.shared.Json;
import fairslot.shared.Log;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in provider for the local runtime and tests. It answers charges and refunds by calling
 * fairslot's webhook, signed like a real provider, after {@code delay}: succeeding, failing, or not
 * at all ({@link Mode#MANUAL}, where {@link #report} sends the outcome when a test or a person says
 * so).
 */
public final class LocalPaymentProvider implements PaymentProvider {
  public enum Mode {
    SUCCEED,
    FAIL,
    MANUAL
  }

  private final WebhookSender sender;
  private final WebhookSignature signature;
  private final Clock clock;
  private volatile Mode mode;
  private volatile Duration delay;
  private final Map<String, Payment> known = new ConcurrentHashMap<>();

  /** Refund parts asked for, by refund number: reportRefund answers for these. */
  private final Map<String, Payment> knownParts = new ConcurrentHashMap<>();

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "local-payment-provider");
            t.setDaemon(true);
            return t;
          });

  public LocalPaymentProvider(
      WebhookSender sender, String secret, Clock clock, Mode mode, Duration delay) {
    this.sender = sender;
    this.signature = new WebhookSignature(secret);
    this.clock = clock;
    this.mode = mode;
    this.delay = delay;
  }

  public static Mode modeFrom(String text) {
    return Mode.valueOf(text.trim().toUpperCase(Locale.ROOT));
  }

  public void setMode(Mode mode, Duration delay) {
    this.mode = mode;
    this.delay = delay;
  }

  @Override
  public String name() {
    return "local";
  }

  /** The first start of a payment schedules its outcome; a reopening only answers again. */
  @Override
  public Map<String, Object> start(Payment payment, Payer payer) {
    if (known.putIfAbsent(payment.paymentNo(), payment) == null && mode != Mode.MANUAL) {
      later(payment, mode == Mode.SUCCEED ? "SUCCEEDED" : "FAILED");
    }
    return Map.of();
  }

  @Override
  public RefundAttempt refund(Payment payment, String refundNo) {
    if (payment.isPart()) {
      knownParts.put(refundNo, payment);
    } else {
      known.put(payment.paymentNo(), payment);
    }
    if (mode != Mode.MANUAL) {
      later(payment, mode == Mode.SUCCEED ? "REFUNDED" : "REFUND_FAILED");
    }
    return RefundAttempt.ACCEPTED;
  }

  /** Sends an outcome for a payment this provider has seen; false if it has not seen it. */
  public boolean report(String paymentNo, String status) {
    Optional<Payment> payment = Optional.ofNullable(known.get(paymentNo));
    payment.ifPresent(p -> send(p, status));
    return payment.isPresent();
  }

  /**
   * Sends a refund part's outcome ({@code REFUNDED} or {@code REFUND_FAILED}) for a part this
   * provider was asked to refund; false if it was not.
   */
  public boolean reportRefund(String refundNo, String status) {
    Optional<Payment> part = Optional.ofNullable(knownParts.get(refundNo));
    part.ifPresent(p -> send(p, status));
    return part.isPresent();
  }

  private void later(Payment payment, String status) {
    timer.schedule(() -> send(payment, status), delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void send(Payment payment, String status) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("eventId", "evt_" + UUID.randomUUID());
    body.put("paymentNo", payment.paymentNo());
    body.put(payment.payable().idField(), payment.payable().id());
    // Refund events carry the amount paid back (a cancel tier's part), as providers report them.
    boolean refund = status.startsWith("REFUND");
    body.put("amountMinor", (refund ? payment.refund() : payment.amount()).minor());
    body.put("currency", payment.amount().currency());
    body.put("status", status);
    if (refund && payment.isPart()) {
      body.put("refundNo", payment.refundNo()); // which of the payment's refunds it is
    }
    String raw = Json.write(body);
    long ts = clock.instant().getEpochSecond();
    try {
      sender.send(
          raw,
          Map.of(
              WebhookSignature.TIMESTAMP_HEADER,
              Long.toString(ts),
              WebhookSignature.SIGNATURE_HEADER,
              signature.sign(ts, raw)));
    } catch (RuntimeException e) {
      Log.warn(
          "local provider could not deliver a webhook",
          Map.of("paymentNo", payment.paymentNo(), "error", String.valueOf(e.getMessage())));
    }
  }
}
