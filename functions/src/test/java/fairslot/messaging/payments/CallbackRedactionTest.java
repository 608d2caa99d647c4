package fairslot.messaging.payments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What of a provider's callback is kept: the payment's story, not the payer. */
class CallbackRedactionTest {

  @Test
  void personalFieldsAreRedactedAtAnyDepthAndThePaymentsFactsKept() {
    String raw =
        "{\"eventId\":\"e-1\",\"paymentNo\":\"12345678-1234-4bcd-8123-123456789012\","
            + "\"amountMinor\":3000,\"currency\":\"CNY\",\"status\":\"SUCCEEDED\","
            + "\"paidAt\":\"2026-12-01T10:00:00+08:00\","
            + "\"payer\":{\"email\":\"li@example.com\",\"phone_number\":\"+8613800138000\"},"
            + "\"billing_details\":{\"name\":\"Li Wei\"},"
            + "\"charges\":[{\"card\":{\"last4\":\"4242\"},\"receipt_email\":\"li@example.com\"}],"
            + "\"note\":\"call +86 138 0013 8000 or li@example.com\"}";

    String kept = CallbackRedaction.redact(raw);

    assertThat(kept)
        .doesNotContain("li@example.com")
        .doesNotContain("+8613800138000")
        .doesNotContain("138 0013 8000")
        .doesNotContain("Li Wei")
        .doesNotContain("4242")
        .contains("\"eventId\":\"e-1\"")
        .contains("12345678-1234-4bcd-8123-123456789012")
        .contains("\"amountMinor\":3000")
        .contains("2026-12-01T10:00:00+08:00")
        .contains("\"status\":\"SUCCEEDED\"");
  }

  @Test
  void aBodyThatIsNotJsonIsMaskedByPattern() {
    String kept =
        CallbackRedaction.redact("<xml><mail>li@example.com</mail><tel>+8613800138000</tel></xml>");

    assertThat(kept).doesNotContain("li@example.com").doesNotContain("+8613800138000");
    assertThat(kept).contains("<xml>");
  }
}
