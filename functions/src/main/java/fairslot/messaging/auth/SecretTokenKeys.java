package fairslot.messaging.auth;

import fairslot.auth.domain.TokenKey;
import fairslot.auth.domain.TokenKeys;
import fairslot.aws.AwsRetries;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueResponse;
import software.amazon.awssdk.services.secretsmanager.model.ResourceNotFoundException;

/**
 * The keys fairslot's own tokens are signed with. In AWS the secret {@code FAIRSLOT_TOKEN_KEY_ARN}:
 * its {@code AWSCURRENT} version signs, and {@code AWSPREVIOUS} still verifies, so rotating it (a
 * new version) ends no session; each version's id is its {@code kid}. The versions are read again
 * every {@link #RELOAD}, so every container knows a new key within minutes. Off AWS, {@code
 * FAIRSLOT_TOKEN_KEY} holds one key; with neither, a key made at random lasts as long as the
 * process (a local run, a test).
 */
public final class SecretTokenKeys implements Supplier<TokenKeys> {
  public static final String ENV = "FAIRSLOT_TOKEN_KEY";
  static final Duration RELOAD = Duration.ofMinutes(5);
  private static final int MIN_LENGTH = 32;

  private final Supplier<TokenKeys> load;
  private final Clock clock;
  private TokenKeys keys;
  private Instant loadedAt;

  private SecretTokenKeys(Supplier<TokenKeys> load, Clock clock) {
    this.load = load;
    this.clock = clock;
    this.keys = load.get();
    this.loadedAt = clock.instant();
  }

  /** From the environment: the secret's versions, a key in the environment, or a random one. */
  public static Supplier<TokenKeys> fromEnvironment(Map<String, String> env, Clock clock) {
    String arn = env.get(ENV + "_ARN");
    if (arn != null && !arn.isBlank()) {
      SecretsManagerClient client =
          SecretsManagerClient.builder()
              .httpClient(UrlConnectionHttpClient.builder().build())
              .overrideConfiguration(AwsRetries.overrides())
              .build();
      return new SecretTokenKeys(() -> versions(client, arn), clock);
    }
    String value = env.get(ENV);
    if (value != null) {
      TokenKeys one = TokenKeys.of(new TokenKey("env", bytes(value)));
      return () -> one;
    }
    TokenKeys random = random();
    return () -> random;
  }

  /** A key made at random, for one process. */
  public static TokenKeys random() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return TokenKeys.of(new TokenKey("local", key));
  }

  @Override
  public synchronized TokenKeys get() {
    Instant now = clock.instant();
    if (Duration.between(loadedAt, now).compareTo(RELOAD) >= 0) {
      keys = load.get();
      loadedAt = now;
    }
    return keys;
  }

  private static TokenKeys versions(SecretsManagerClient client, String arn) {
    TokenKey current = key(client.getSecretValue(r -> r.secretId(arn)));
    List<TokenKey> accepted = new ArrayList<>(List.of(current));
    previous(client, arn).ifPresent(accepted::add);
    return new TokenKeys(current, accepted);
  }

  private static Optional<TokenKey> previous(SecretsManagerClient client, String arn) {
    try {
      return Optional.of(
          key(client.getSecretValue(r -> r.secretId(arn).versionStage("AWSPREVIOUS"))));
    } catch (ResourceNotFoundException neverRotated) {
      return Optional.empty();
    }
  }

  private static TokenKey key(GetSecretValueResponse version) {
    return new TokenKey(
        version.versionId().replaceAll("[^A-Za-z0-9_-]", ""), bytes(version.secretString()));
  }

  private static byte[] bytes(String value) {
    if (value == null || value.strip().length() < MIN_LENGTH) {
      throw new IllegalStateException(
          ENV + " is blank or shorter than " + MIN_LENGTH + " characters");
    }
    return value.strip().getBytes(StandardCharsets.UTF_8);
  }
}
