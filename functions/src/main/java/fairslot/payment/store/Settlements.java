package fairslot.payment.store;

import fairslot.booking.domain.Booking;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.Settlement;

/** What a settlement decided, read off its kind. */
final class Settlements {
  private Settlements() {}

  /** The booking a settlement that takes the money pays for. */
  static Booking paidBooking(Settlement s) {
    if (s instanceof Settlement.MarkPaid m) {
      return m.booking();
    }
    if (s instanceof Settlement.Revive r) {
      return r.booking();
    }
    if (s instanceof Settlement.PaidFromWallet w) {
      return w.booking();
    }
    return ((Settlement.PaidOffline) s).booking();
  }

  /** The payment's status once the settlement is applied. */
  static PaymentStatus statusAfter(Settlement s) {
    if (s instanceof Settlement.MarkPaid
        || s instanceof Settlement.Revive
        || s instanceof Settlement.PaidOffline
        || s instanceof Settlement.PaidFromWallet) {
      return PaymentStatus.SUCCEEDED;
    }
    if (s instanceof Settlement.RefundLate) {
      return PaymentStatus.REFUNDING;
    }
    if (s instanceof Settlement.Failed) {
      return PaymentStatus.FAILED;
    }
    if (s instanceof Settlement.Refunded) {
      return PaymentStatus.REFUNDED;
    }
    if (s instanceof Settlement.RefundGivenUp) {
      return PaymentStatus.REFUND_FAILED;
    }
    return s.payment().status();
  }
}
