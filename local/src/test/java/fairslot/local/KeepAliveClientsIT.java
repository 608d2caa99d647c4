package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Node's own HTTP clients (a keep-alive http.Agent, as a validating proxy uses, and fetch) run a
 * few hundred requests with idle gaps through the local HTTP server without one dropped connection:
 * the server says how long it keeps an idle connection (Keep-Alive: timeout), and keeps it longer
 * than that, so a client never reuses a socket the server is closing.
 */
class KeepAliveClientsIT {
  private static LocalRuntime runtime;

  @BeforeAll
  static void start() {
    runtime = LocalRuntime.start(Settings.forTests("keep-alive"));
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  @Test
  void nodeKeepAliveClientsRunHundredsOfRequestsWithoutAnError() throws Exception {
    Path script = Files.createTempFile("keep-alive-clients", ".mjs");
    try (InputStream in = getClass().getResourceAsStream("keep-alive-clients.mjs")) {
      Files.write(script, in.readAllBytes());
    }
    Process node =
        new ProcessBuilder("node", script.toString(), "http://127.0.0.1:" + runtime.port(), "60")
            .redirectErrorStream(true)
            .start();
    boolean done = node.waitFor(5, TimeUnit.MINUTES);
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    System.out.println("node keep-alive clients: " + out.trim());
    assertThat(done).as("node finished").isTrue();
    assertThat(out).contains("\"errors\":0");
    assertThat(node.exitValue()).as(out).isZero();
    assertThat(out).containsPattern("\"requests\":[1-9][0-9]{2}");
  }
}
