package fairslot.money.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * A provider's refusal of one attempt to pay (a card declined), which the member may follow with
 * another card on the same payment: the payment stays PENDING and shows this as its {@code
 * lastError} (API.md v1.3 "Money as the providers behave"). {@code at} orders two declines that
 * arrive out of order: the later one is kept.
 */
public record Decline(String code, Optional<String> declineCode, String message, Instant at) {
  public Decline {
    code = code == null || code.isBlank() ? "payment_failed" : code;
    message = message == null ? "" : message;
  }
}
