package fairslot.aws;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClientBuilder;

/**
 * A deployment's secrets, read once at init. In AWS a function's environment holds only the
 * secret's ARN ({@code NAME_ARN}) and the value comes from Secrets Manager, so it never sits in a
 * plain environment and only functions granted the secret can read it. Off AWS (another endpoint, a
 * hand-made deployment) {@code NAME} itself may hold the value. Either way a blank or short value
 * is an error, never a fallback to a default.
 */
public final class Secrets {
  private Secrets() {}

  /** 32 characters: the CDK generates 48; a provider's webhook secret is longer than this too. */
  public static final int MIN_LENGTH = 32;

  /** Where a secret's value comes from, given its ARN. */
  @FunctionalInterface
  public interface Source {
    String secretString(String arn);
  }

  /**
   * The secret named {@code name}, or empty when neither {@code NAME_ARN} nor {@code NAME} is set.
   */
  public static Optional<String> read(
      Map<String, String> environment, String name, int minLength, Source source) {
    String arn = environment.get(name + "_ARN");
    if (arn != null) {
      if (arn.isBlank()) {
        throw new IllegalStateException(name + "_ARN is set but blank");
      }
      return Optional.of(
          checked(name + " (secret " + arn + ")", source.secretString(arn), minLength));
    }
    String value = environment.get(name);
    return value == null ? Optional.empty() : Optional.of(checked(name, value, minLength));
  }

  private static String checked(String what, String value, int minLength) {
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(what + " is set but blank; set a real secret or unset it");
    }
    if (value.length() < minLength) {
      throw new IllegalStateException(what + " is shorter than " + minLength + " characters");
    }
    return value;
  }

  /**
   * A key from the secret {@code name} (see {@link #read}), or one made at random for this process
   * where neither {@code NAME} nor {@code NAME_ARN} is set: what it protects then lasts only as
   * long as the process (a local run, a test).
   */
  public static byte[] keyOrPerProcess(String name) {
    return read(System.getenv(), name, MIN_LENGTH, secretsManager())
        .map(s -> s.getBytes(StandardCharsets.UTF_8))
        .orElseGet(
            () -> {
              byte[] random = new byte[32];
              new SecureRandom().nextBytes(random);
              return random;
            });
  }

  /**
   * Secrets Manager through the standard SDK environment (region, credentials, AWS_ENDPOINT_URL).
   */
  public static Source secretsManager() {
    return secretsManager(builder -> {});
  }

  /** Secrets Manager with the builder adjusted first (tests point it at the emulator). */
  public static Source secretsManager(Consumer<SecretsManagerClientBuilder> adjust) {
    return arn -> {
      SecretsManagerClientBuilder builder =
          SecretsManagerClient.builder()
              .httpClient(UrlConnectionHttpClient.builder().build())
              .overrideConfiguration(AwsRetries.overrides());
      adjust.accept(builder);
      try (SecretsManagerClient client = builder.build()) {
        return client.getSecretValue(r -> r.secretId(arn)).secretString();
      }
    };
  }
}
