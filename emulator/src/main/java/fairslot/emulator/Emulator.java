package fairslot.emulator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs moto behind fairslot's serializing launcher (serial_moto.py) as a child process on a free
 * loopback port. The child exits when this JVM goes away (it watches its standard input).
 */
public final class Emulator implements AutoCloseable {
  public static final String PYTHON_ENV = "FAIRSLOT_PYTHON";

  /**
   * Faults the emulator injects, e.g. {@code conflict_ms=20,throttle=0.02,seed=7}; see {@link
   * EmulatorFaults}.
   */
  public static final String FAULTS_ENV = "FAIRSLOT_FAULTS";

  private final Process process;
  private final AwsEndpoint endpoint;

  private Emulator(Process process, int port) {
    this.process = process;
    this.endpoint = AwsEndpoint.emulator(URI.create("http://127.0.0.1:" + port));
  }

  public static Emulator start() {
    return start(0);
  }

  /**
   * Starts the emulator on {@code port} (0: any free port), with FAIRSLOT_FAULTS from the
   * environment.
   */
  public static Emulator start(int port) {
    return start(port, Optional.ofNullable(System.getenv(FAULTS_ENV)).orElse(""));
  }

  /**
   * Starts the emulator on {@code port} with the faults {@code faults} names (the shared contract's
   * "Faults" format; blank: none). A spec the launcher cannot read stops the start with its reason.
   */
  public static Emulator start(int port, String faults) {
    Path script = extractLauncher();
    String python = System.getenv().getOrDefault(PYTHON_ENV, "python3");
    ProcessBuilder builder =
        new ProcessBuilder(
                List.of(
                    python,
                    script.toString(),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    Integer.toString(port),
                    "--watch-stdin"))
            .redirectErrorStream(true);
    builder.environment().put(FAULTS_ENV, faults);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot run "
              + python
              + " (set "
              + PYTHON_ENV
              + "?); "
              + "the emulator needs Python 3 with moto: python3 -m pip install 'moto[server]'",
          e);
    }
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<Integer> ready = CompletableFuture.supplyAsync(() -> awaitPort(out));
    try {
      int actual = ready.get(Duration.ofSeconds(60).toMillis(), TimeUnit.MILLISECONDS);
      drainInBackground(out);
      return new Emulator(process, actual);
    } catch (Exception e) {
      process.destroyForcibly();
      throw new IllegalStateException(
          "the emulator did not start: "
              + e.getMessage()
              + " (is moto installed? python3 -m pip install 'moto[server]')",
          e);
    }
  }

  public AwsEndpoint endpoint() {
    return endpoint;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static int awaitPort(BufferedReader out) {
    StringBuilder seen = new StringBuilder();
    try {
      for (String line; (line = out.readLine()) != null; ) {
        if (line.startsWith("fairslot-emulator listening on ")) {
          return Integer.parseInt(
              line.substring("fairslot-emulator listening on ".length()).trim());
        }
        seen.append(line).append('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("emulator exited early:\n" + seen);
  }

  /** Keeps the pipe from filling up; the launcher logs nothing per request, only failures. */
  private static void drainInBackground(BufferedReader out) {
    Thread t =
        new Thread(
            () -> {
              try {
                for (String line; (line = out.readLine()) != null; ) {
                  System.err.println("[emulator] " + line);
                }
              } catch (IOException ignored) {
                // the process ended
              }
            },
            "emulator-output");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Copies the launcher and its fault layer into one fresh folder (Python imports faults.py beside
   * it).
   */
  private static Path extractLauncher() {
    try {
      Path dir = Files.createTempDirectory("fairslot-emulator");
      dir.toFile().deleteOnExit();
      for (String name :
          List.of("serial_moto.py", "faults.py", "capacity.py", "lag.py", "batches.py")) {
        try (InputStream in = Emulator.class.getResourceAsStream(name)) {
          if (in == null) {
            throw new IllegalStateException(name + " missing from the classpath");
          }
          Path file = dir.resolve(name);
          Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
          file.toFile().deleteOnExit();
        }
      }
      return dir.resolve("serial_moto.py");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
