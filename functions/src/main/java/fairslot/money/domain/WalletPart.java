package fairslot.money.domain;

import java.math.BigInteger;

/**
 * The wallet's part of a split payment (API.md v1.3 "One ledger", {@code rest}): a wallet payment
 * taken with the booking's hold while a provider payment pays the rest. It stays taken while the
 * provider payment is open or bought the booking; it comes back whole, once, when the provider
 * payment ends unpaid or the hold ends first. {@code providerPaymentNo} names the rest's payment.
 */
public record WalletPart(
    String providerPaymentNo, Payment payment, WalletShare taken, String venueId) {

  /** The same part, of the rest's payment {@code paymentNo} (numbered once it is made). */
  public WalletPart ofRest(String paymentNo) {
    return new WalletPart(paymentNo, payment, taken, venueId);
  }

  /** Still taken: neither given back nor refunded. */
  public boolean isTaken() {
    return payment.status() == PaymentStatus.SUCCEEDED;
  }

  /**
   * The wallet's share of {@code owedBack} refunded from a booking of {@code totalMinor} paid with
   * this part: in proportion to what the wallet paid, rounded down (the provider refunds the rest,
   * so it is never asked less than its own proportion).
   */
  public long refundShare(long owedBack, long totalMinor) {
    if (owedBack < 0 || owedBack > totalMinor || totalMinor <= 0) {
      throw new IllegalArgumentException(owedBack + " of " + totalMinor);
    }
    return BigInteger.valueOf(owedBack)
        .multiply(BigInteger.valueOf(payment.amount().minor()))
        .divide(BigInteger.valueOf(totalMinor))
        .longValueExact();
  }
}
