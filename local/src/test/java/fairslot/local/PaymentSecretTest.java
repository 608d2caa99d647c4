package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.handler.Wiring;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The local runtime's webhook secret: the documented default only when unset; blank refuses to
 * start.
 */
class PaymentSecretTest {
  @Test
  void unsetUsesTheDocumentedLocalDefault() {
    assertThat(Settings.localPaymentSecret(Map.of())).isEqualTo(Wiring.DEFAULT_PAYMENT_SECRET);
  }

  @Test
  void aBlankSecretStopsTheRuntimeWithItsReason() {
    assertThatThrownBy(() -> Settings.localPaymentSecret(Map.of(Wiring.PAYMENT_SECRET_ENV, "  ")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("blank");
  }

  @Test
  void aRealSecretIsUsed() {
    assertThat(Settings.localPaymentSecret(Map.of(Wiring.PAYMENT_SECRET_ENV, "s3cret-value")))
        .isEqualTo("s3cret-value");
  }
}
