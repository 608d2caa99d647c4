package fairslot.messaging.payments;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The webhook's freshness window holds for every timestamp, including ones chosen to overflow. */
class WebhookSignatureTest {
  private final WebhookSignature signature = new WebhookSignature("secret");
  private final Instant now = Instant.parse("2026-12-01T00:00:00Z");

  private boolean verifies(long ts) {
    String body = "{\"eventId\":\"e\"}";
    return signature.verify(
        Optional.of(Long.toString(ts)), Optional.of(signature.sign(ts, body)), body, now);
  }

  @Test
  void aTimestampWithinThreeHundredSecondsEitherWayIsFresh() {
    assertThat(verifies(now.getEpochSecond())).isTrue();
    assertThat(verifies(now.getEpochSecond() - 300)).isTrue();
    assertThat(verifies(now.getEpochSecond() + 300)).isTrue();
    assertThat(verifies(now.getEpochSecond() - 301)).isFalse();
    assertThat(verifies(now.getEpochSecond() + 301)).isFalse();
  }

  @Test
  void aTimestampChosenToOverflowTheDifferenceIsStale() {
    assertThat(verifies(Long.MIN_VALUE + now.getEpochSecond())).isFalse();
    assertThat(verifies(Long.MIN_VALUE)).isFalse();
    assertThat(verifies(Long.MAX_VALUE)).isFalse();
  }

  @Test
  void aDeployedFunctionWithoutASecretRefusesEveryWebhookEvenOneSignedWithTheLocalDefault() {
    WebhookSignature none = WebhookSignature.refusingAll();
    WebhookSignature publicDefault = new WebhookSignature("local-payment-secret");
    String body = "{\"eventId\":\"e\"}";
    long ts = now.getEpochSecond();
    assertThat(
            none.verify(
                Optional.of(Long.toString(ts)),
                Optional.of(publicDefault.sign(ts, body)),
                body,
                now))
        .isFalse();
    assertThat(
            fairslot.aws.Secrets.read(
                java.util.Map.of(), "FAIRSLOT_PAYMENT_SECRET", 32, arn -> "x"))
        .isEmpty();
  }

  @Test
  void aBlankSecretIsAnErrorNotADefault() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new WebhookSignature(""))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
