package fairslot.payment.app;

import fairslot.kernel.Money;
import java.util.Optional;

/**
 * One line of a provider's daily statement (API.md v1.3): money it took for a payment number
 * ({@code PAYMENT}), paid back for a refund number ({@code REFUND}), or moved by a dispute of a
 * payment ({@code DISPUTE}); or a line that is no payment at all: the provider's fee ({@code FEE}),
 * money paid out to the venue's bank ({@code PAYOUT}), anything else ({@code OTHER}). {@code
 * amount} is in the currency the payer was charged in. {@code settled} is the line in the account's
 * settlement currency, with the fee, when the provider says. {@code raw} is the line as written.
 */
public record StatementLine(
    Kind kind, String number, Money amount, String raw, Optional<Settled> settled) {
  public enum Kind {
    PAYMENT,
    REFUND,
    DISPUTE,
    FEE,
    PAYOUT,
    OTHER;

    /** Lines that move a payment's money, matched to fairslot's payments and refunds. */
    public boolean isPayment() {
      return this == PAYMENT || this == REFUND || this == DISPUTE;
    }
  }

  /** The line in the settlement currency: gross, the provider's fee, and net (gross - fee). */
  public record Settled(String currency, long amountMinor, long feeMinor, long netMinor) {}

  public StatementLine(Kind kind, String number, Money amount, String raw) {
    this(kind, number, amount, raw, Optional.empty());
  }
}
