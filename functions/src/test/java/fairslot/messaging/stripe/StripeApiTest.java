package fairslot.messaging.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When fairslot sends a Stripe request again: as stripe-node 23.1.0's RequestSender decides. */
class StripeApiTest {
  @Test
  void stripesOwnWordDecidesFirstThenAConflictOrA5xxIsSentAgain() {
    assertThat(StripeApi.shouldRetry(500, Optional.of("false"))).isFalse();
    assertThat(StripeApi.shouldRetry(400, Optional.of("true"))).isTrue();
    assertThat(StripeApi.shouldRetry(429, Optional.of("true"))).isTrue();
    assertThat(StripeApi.shouldRetry(409, Optional.empty())).isTrue();
    assertThat(StripeApi.shouldRetry(503, Optional.empty())).isTrue();
    assertThat(StripeApi.shouldRetry(429, Optional.empty())).isFalse();
    assertThat(StripeApi.shouldRetry(402, Optional.empty())).isFalse();
    assertThat(StripeApi.shouldRetry(200, Optional.empty())).isFalse();
  }
}
