package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.messaging.payments.LocalPaymentProvider;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract walk (every kind of call a client makes, each with the status the contract gives it)
 * runs through the local runtime over one keep-alive connection pool. {@code ./fairslot prism} runs
 * the same walk through a validating proxy; this keeps the walk itself true to the runtime.
 */
class ContractWalkIT {
  private static LocalRuntime runtime;

  @BeforeAll
  static void start() {
    // the provider pays as it does under ./fairslot local, so the walk sees holds become PAID
    runtime =
        LocalRuntime.start(
            Settings.forTests("contract-walk")
                .withLocalProvider(LocalPaymentProvider.Mode.SUCCEED, Duration.ofMillis(200)));
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  @Test
  void everyCallOfTheWalkAnswersTheStatusTheContractGivesIt() throws Exception {
    Path script = Files.createTempFile("contract-walk", ".mjs");
    try (InputStream in = getClass().getResourceAsStream("contract-walk.mjs")) {
      Files.write(script, in.readAllBytes());
    }
    Process node =
        new ProcessBuilder("node", script.toString(), "http://127.0.0.1:" + runtime.port(), "1")
            .redirectErrorStream(true)
            .start();
    boolean done = node.waitFor(5, TimeUnit.MINUTES);
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    System.out.println("contract walk: " + out.trim());
    assertThat(done).as("node finished").isTrue();
    assertThat(out)
        .contains("\"socketErrors\":0", "\"serverErrors\":0", "\"unexpected\":[]")
        .containsPattern("\"requests\":([89][0-9]|[1-9][0-9]{2,})[,}]"); // the walk's ~90 calls
    assertThat(node.exitValue()).as(out).isZero();
  }
}
