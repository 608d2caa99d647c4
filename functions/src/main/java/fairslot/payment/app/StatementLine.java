package fairslot.payment.app;

import fairslot.kernel.Money;

/**
 * One line of a provider's daily statement: money it took for a payment number, or paid back for a
 * refund number. {@code raw} is the line as the provider wrote it, kept with any difference.
 */
public record StatementLine(Kind kind, String number, Money amount, String raw) {
  public enum Kind {
    PAYMENT,
    REFUND
  }
}
