package fairslot.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretsTest {
  private static final String LONG = "0123456789abcdef0123456789abcdef-and-more";
  private final List<String> fetched = new ArrayList<>();
  private final Secrets.Source manager =
      arn -> {
        fetched.add(arn);
        return arn.endsWith(":short") ? "too-short" : arn.endsWith(":blank") ? " " : LONG;
      };

  @Test
  void anArnIsReadFromSecretsManagerAndWinsOverAPlainValue() {
    var env =
        Map.of(
            "FAIRSLOT_PAYMENT_SECRET_ARN",
            "arn:aws:secretsmanager:eu-west-1:1:secret:pay",
            "FAIRSLOT_PAYMENT_SECRET",
            "plain-value-that-is-long-enough-to-pass");
    assertThat(Secrets.read(env, "FAIRSLOT_PAYMENT_SECRET", 32, manager)).contains(LONG);
    assertThat(fetched).containsExactly("arn:aws:secretsmanager:eu-west-1:1:secret:pay");
  }

  @Test
  void neitherArnNorValueMeansNoSecretAndNoCall() {
    assertThat(Secrets.read(Map.of(), "FAIRSLOT_PAYMENT_SECRET", 32, manager)).isEmpty();
    assertThat(fetched).isEmpty();
  }

  @Test
  void aBlankValueOrArnIsAnErrorNotADefault() {
    assertThatThrownBy(
            () ->
                Secrets.read(
                    Map.of("FAIRSLOT_PAYMENT_SECRET", " "), "FAIRSLOT_PAYMENT_SECRET", 32, manager))
        .hasMessageContaining("blank");
    assertThatThrownBy(
            () ->
                Secrets.read(
                    Map.of("FAIRSLOT_PAYMENT_SECRET_ARN", ""),
                    "FAIRSLOT_PAYMENT_SECRET",
                    32,
                    manager))
        .hasMessageContaining("blank");
    assertThatThrownBy(
            () ->
                Secrets.read(
                    Map.of("FAIRSLOT_PAYMENT_SECRET_ARN", "arn:x:blank"),
                    "FAIRSLOT_PAYMENT_SECRET",
                    32,
                    manager))
        .hasMessageContaining("blank");
  }

  @Test
  void aSecretShorterThanTheMinimumIsRefusedWhereverItComesFrom() {
    assertThatThrownBy(
            () ->
                Secrets.read(
                    Map.of("FAIRSLOT_CURSOR_SECRET", "short"),
                    "FAIRSLOT_CURSOR_SECRET",
                    32,
                    manager))
        .hasMessageContaining("shorter than 32");
    assertThatThrownBy(
            () ->
                Secrets.read(
                    Map.of("FAIRSLOT_CURSOR_SECRET_ARN", "arn:x:short"),
                    "FAIRSLOT_CURSOR_SECRET",
                    32,
                    manager))
        .hasMessageContaining("shorter than 32");
  }
}
