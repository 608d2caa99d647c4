package fairslot.finance.app;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import java.util.Optional;

/** Port: finance exceptions, and the money moves finance makes on them. */
public interface FinanceStore {

  Optional<FinanceException> find(String exceptionId);

  /**
   * Exceptions in {@code status}, of one venue or (empty) of every venue and of none, oldest first
   * (sparse index; no scan). Throws PageRequest.BadCursor for a cursor of another list.
   */
  Page<FinanceException> list(
      Optional<String> venueId, FinanceException.Status status, PageRequest page);

  /**
   * One transaction: the OPEN exception resolved as {@code how} (REFUND_RETRIED, or
   * ABNORMAL_REFUND_APPLIED), its payment from REFUND_FAILED to REFUNDING (next round, attempts
   * from 0, due now) and, if given, its booking from REFUND_FAILED to REFUNDING; each audited.
   * False if any of them moved since they were read.
   */
  boolean retryRefund(
      FinanceException seen,
      FinanceException.Resolution how,
      Payment payment,
      Optional<Booking> booking,
      Change change);

  /**
   * One transaction: the OPEN exception resolved as {@code resolved} says, audited with the note;
   * with {@code refundedOffline}, that payment from REFUND_FAILED to REFUNDED and, if given, the
   * booking from REFUND_FAILED to REFUNDED. False if any of them moved since they were read.
   */
  boolean resolve(
      FinanceException seen,
      FinanceException resolved,
      Optional<Payment> refundedOffline,
      Optional<Booking> booking,
      Change change);
}
