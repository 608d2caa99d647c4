package fairslot.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.emulator.AwsEndpoint;
import fairslot.testing.Aws;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The deployed path: a function's environment names the secret's ARN, and the value comes from
 * Secrets Manager.
 */
class SecretsManagerIT {
  private final AwsEndpoint aws = Aws.endpoint();
  private final Secrets.Source source =
      Secrets.secretsManager(
          b ->
              b.endpointOverride(aws.uri())
                  .region(aws.region())
                  .credentialsProvider(aws.credentials()));

  private String create(String value) {
    try (SecretsManagerClient client =
        SecretsManagerClient.builder()
            .endpointOverride(aws.uri())
            .region(aws.region())
            .credentialsProvider(aws.credentials())
            .build()) {
      return client
          .createSecret(r -> r.name("fairslot/test-" + UUID.randomUUID()).secretString(value))
          .arn();
    }
  }

  @Test
  void aSecretNamedByArnIsReadFromSecretsManager() {
    String value = "a-webhook-secret-of-forty-characters-xyz";
    String arn = create(value);
    assertThat(
            Secrets.read(
                Map.of("FAIRSLOT_PAYMENT_SECRET_ARN", arn),
                "FAIRSLOT_PAYMENT_SECRET",
                Secrets.MIN_LENGTH,
                source))
        .contains(value);
  }

  @Test
  void aShortSecretInSecretsManagerFailsInitInsteadOfWeakeningSignatures() {
    String arn = create("short");
    assertThatThrownBy(
            () ->
                Secrets.read(
                    Map.of("FAIRSLOT_PAYMENT_SECRET_ARN", arn),
                    "FAIRSLOT_PAYMENT_SECRET",
                    Secrets.MIN_LENGTH,
                    source))
        .hasMessageContaining("shorter than");
  }

  @Test
  void anArnThatDoesNotExistFailsInit() {
    assertThatThrownBy(
            () ->
                Secrets.read(
                    Map.of(
                        "FAIRSLOT_PAYMENT_SECRET_ARN",
                        "arn:aws:secretsmanager:us-east-1:123456789012:secret:missing-AbCdEf"),
                    "FAIRSLOT_PAYMENT_SECRET",
                    Secrets.MIN_LENGTH,
                    source))
        .isInstanceOf(RuntimeException.class);
  }
}
