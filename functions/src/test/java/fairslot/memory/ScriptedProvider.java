package fairslot.memory;

import fairslot.money.domain.Payment;
import fairslot.payment.app.PaymentProvider;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A payment provider whose refund answer the test sets, and which remembers what it was asked. */
public final class ScriptedProvider implements PaymentProvider {
  public final List<Payment> charged = new CopyOnWriteArrayList<>();
  public final List<Payment> refundAsks = new CopyOnWriteArrayList<>();
  public volatile RefundAttempt refundAnswer = RefundAttempt.ACCEPTED;

  @Override
  public String name() {
    return "scripted";
  }

  @Override
  public java.util.Map<String, Object> start(Payment payment, Payer payer) {
    if (charged.stream().noneMatch(p -> p.paymentNo().equals(payment.paymentNo()))) {
      charged.add(payment);
    }
    return java.util.Map.of();
  }

  @Override
  public RefundAttempt refund(Payment payment, String refundNo) {
    refundAsks.add(payment);
    return refundAnswer;
  }
}
