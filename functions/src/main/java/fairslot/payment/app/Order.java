package fairslot.payment.app;

import fairslot.kernel.Refusal;
import fairslot.money.domain.Payment;
import fairslot.money.domain.WalletPart;
import fairslot.payment.app.PaymentProvider.Payer;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a member is about to pay for, as checkout needs it: the payer (amount, deadline, what they
 * are shown), the payment already started for it, if any, and how a new payment is recorded with it
 * (one conditional write on what is paid for, so two checkouts never start two payments); for the
 * rest of a split payment, the wallet part taken with it (the payer's amount is the rest).
 */
record Order(
    Payer payer,
    Optional<String> startedPaymentNo,
    Function<Payment, Recorded> record,
    Optional<WalletPart> walletPart) {

  Order(Payer payer, Optional<String> startedPaymentNo, Function<Payment, Recorded> record) {
    this(payer, startedPaymentNo, record, Optional.empty());
  }

  /** What recording a new payment came to. */
  sealed interface Recorded {
    /** Recorded: the payer may pay it now. */
    record Started() implements Recorded {}

    /** Another checkout started one first: that one is paid instead. */
    record AlreadyStarted(String paymentNo) implements Recorded {}

    /** What is paid for can no longer be paid (expired, paid, the venue disabled). */
    record Refused(Refusal refusal, String detail) implements Recorded {}
  }
}
