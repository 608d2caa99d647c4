package fairslot.local;

import fairslot.emulator.Emulator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Which DynamoDB an embedded local runtime starts (FAIRSLOT_DYNAMODB). */
public enum LocalDynamoDb {
  /** moto's, behind the launcher: every FAIRSLOT_FAULTS fault applies to it. */
  MOTO,
  /** dynoxide's: independent of moto, but no DynamoDB fault is injected into it. */
  DYNOXIDE;

  public static final String ENV = "FAIRSLOT_DYNAMODB";

  /** The tests' and benchmarks' choice: FAIRSLOT_DYNAMODB, else moto (their faults need it). */
  public static LocalDynamoDb fromEnvironment() {
    return named(System.getenv()).orElse(MOTO);
  }

  /**
   * {@code ./fairslot local}'s choice. FAIRSLOT_DYNAMODB when set; else moto when FAIRSLOT_FAULTS
   * is set (its DynamoDB faults live in moto's launcher) or dynoxide is not installed; else
   * dynoxide, which answered 2-3 times faster, started in half the time and used less memory
   * ({@code bench local-dynamodb}, docs/performance.md). Asking for dynoxide with faults is
   * refused: they would silently not apply to DynamoDB.
   */
  public static LocalDynamoDb forLocalCommand(Map<String, String> env, boolean dynoxideInstalled) {
    boolean faults = !env.getOrDefault(Emulator.FAULTS_ENV, "").isBlank();
    Optional<LocalDynamoDb> named = named(env);
    if (named.isPresent()) {
      if (named.get() == DYNOXIDE && faults) {
        throw new IllegalStateException(
            ENV
                + "=dynoxide cannot take "
                + Emulator.FAULTS_ENV
                + ": DynamoDB's faults are injected by moto's launcher; unset one of them");
      }
      return named.get();
    }
    return faults || !dynoxideInstalled ? MOTO : DYNOXIDE;
  }

  private static Optional<LocalDynamoDb> named(Map<String, String> env) {
    String value = env.getOrDefault(ENV, "").strip();
    if (value.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(valueOf(value.toUpperCase(Locale.ROOT)));
    } catch (IllegalArgumentException unknown) {
      throw new IllegalStateException(ENV + "=" + value + " is not one of: moto, dynoxide");
    }
  }
}
