package fairslot.testing;

import fairslot.emulator.EmulatorFaults;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * Turns the shared emulator's faults on for a test (and off after it), and retries like a careful
 * client: a 503 {@code throttled} is sent again (same request, so the same Idempotency-Key) after a
 * short jittered pause, up to a bound.
 */
public final class Faults {
  /** The "Done when" setting. */
  public static final String STRESS =
      "conflict_ms=20,throttle=0.02,error=0.01,lost_response=0.02,seed=7";

  private static EmulatorFaults faults;

  private Faults() {}

  private static synchronized EmulatorFaults faults() {
    Assumptions.assumeTrue(
        System.getenv("AWS_ENDPOINT_URL") == null || System.getenv("AWS_ENDPOINT_URL").isBlank(),
        "faults are injected by the embedded emulator only");
    if (faults == null) {
      faults = new EmulatorFaults(Aws.endpoint());
    }
    return faults;
  }

  public static void on(String spec) {
    faults().set(spec);
  }

  /** Back to what the emulator started with (FAIRSLOT_FAULTS, usually none). */
  public static void off() {
    faults().set(Optional.ofNullable(System.getenv("FAIRSLOT_FAULTS")).orElse(""));
  }

  public static Map<String, Long> injected() {
    return faults().injected();
  }

  /**
   * Sends until the answer is not a 503 (at most 30 times); a 503 must say throttled with
   * Retry-After.
   */
  public static ApiDriver.Reply retrying(Supplier<ApiDriver.Reply> send) {
    ApiDriver.Reply reply = send.get();
    for (int attempt = 1; attempt < 30 && reply.status() == 503; attempt++) {
      if (!"throttled".equals(reply.text("code")) || !reply.headers().containsKey("retry-after")) {
        throw new AssertionError(
            "a 503 must be throttled with Retry-After: " + reply + " " + reply.headers());
      }
      try {
        Thread.sleep(20 + ThreadLocalRandom.current().nextInt(200));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      reply = send.get();
    }
    return reply;
  }
}
