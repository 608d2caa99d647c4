package fairslot.local;

import fairslot.definitions.Fairslot;
import fairslot.handler.Wiring;
import fairslot.messaging.payments.LocalPaymentProvider;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * @param sweepEvery period of every schedule (FAIRSLOT_SWEEP_EVERY, PT1M by default)
 * @param payments how the local provider answers (FAIRSLOT_LOCAL_PAYMENTS: succeed, fail, manual)
 * @param paymentDelay how late its webhook arrives (FAIRSLOT_LOCAL_PAYMENT_DELAY, PT1S by default)
 */
public record Settings(
    int port,
    String table,
    String bus,
    String jwtSecret,
    String paymentSecret,
    Clock clock,
    Duration sweepEvery,
    LocalPaymentProvider.Mode payments,
    Duration paymentDelay) {
  /** Queues are named after the table, so two runtimes on one emulator never share a queue. */
  String queuePrefix() {
    return table.equals(Fairslot.TABLE.defaultName()) ? "" : table + "-";
  }

  /**
   * The local runtime's webhook secret: the documented local default when the variable is unset; a
   * blank value is refused (it would make webhooks forgeable), so the runtime does not start.
   */
  static String localPaymentSecret(Map<String, String> environment) {
    String value = environment.get(Wiring.PAYMENT_SECRET_ENV);
    if (value == null) {
      return Wiring.DEFAULT_PAYMENT_SECRET;
    }
    if (value.isBlank()) {
      throw new IllegalStateException(
          Wiring.PAYMENT_SECRET_ENV
              + " is set but blank: set a real secret, or unset it to use the local default");
    }
    return value;
  }

  public static Settings fromEnvironment() {
    return new Settings(
        Integer.parseInt(LocalRuntime.env("PORT").orElse("3000")),
        Wiring.tableName(),
        LocalRuntime.env(Fairslot.EVENT_BUS_ENV).orElse(Fairslot.EVENT_BUS),
        LocalRuntime.env("FAIRSLOT_JWT_SECRET").orElse(LocalRuntime.DEFAULT_JWT_SECRET),
        localPaymentSecret(System.getenv()),
        Clock.systemUTC(),
        Duration.parse(LocalRuntime.env("FAIRSLOT_SWEEP_EVERY").orElse("PT1M")),
        LocalPaymentProvider.modeFrom(
            LocalRuntime.env("FAIRSLOT_LOCAL_PAYMENTS").orElse("succeed")),
        Duration.parse(LocalRuntime.env("FAIRSLOT_LOCAL_PAYMENT_DELAY").orElse("PT1S")));
  }

  /** The same settings with the local provider answering as {@code mode}, {@code delay} late. */
  public Settings withLocalProvider(LocalPaymentProvider.Mode mode, Duration delay) {
    return new Settings(port, table, bus, jwtSecret, paymentSecret, clock, sweepEvery, mode, delay);
  }

  /** Defaults for tests: any free port, fast schedules, a manual provider. */
  public static Settings forTests(String table) {
    return new Settings(
        0,
        table,
        table,
        "test-secret",
        Wiring.DEFAULT_PAYMENT_SECRET,
        Clock.systemUTC(),
        Duration.ofSeconds(1),
        LocalPaymentProvider.Mode.MANUAL,
        Duration.ZERO);
  }
}
