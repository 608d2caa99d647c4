package fairslot.emulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A second, independent DynamoDB (dynoxide: Rust on SQLite, npm {@code @dynoxide/linux-x64}) as a
 * child process on a free loopback port, to check that what fairslot relies on is DynamoDB's
 * behaviour and not moto's. DynamoDB only: the other services stay on moto.
 *
 * <p>The binary is found at {@code FAIRSLOT_DYNOXIDE}, else where {@code ./fairslot setup} puts it
 * ({@code .tools/dynoxide/...} in the project folder or one above the working directory).
 */
public final class Dynoxide implements AutoCloseable {
  public static final String BINARY_ENV = "FAIRSLOT_DYNOXIDE";

  /** The pinned version, as {@code ./fairslot setup} installs it. */
  public static final String VERSION = "1.2.1";

  static final Path INSTALLED =
      Path.of(".tools", "dynoxide", "node_modules", "@dynoxide", "linux-x64", "dynoxide");

  private final Process process;
  private final AwsEndpoint endpoint;

  private Dynoxide(Process process, int port) {
    this.process = process;
    this.endpoint = AwsEndpoint.emulator(URI.create("http://127.0.0.1:" + port));
  }

  /** Starts an empty in-memory dynoxide; it stops with this JVM. */
  public static Dynoxide start() {
    Path binary =
        binary()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "dynoxide "
                            + VERSION
                            + " is not installed: run ./fairslot setup (or set "
                            + BINARY_ENV
                            + " to its binary)"));
    for (int attempt = 1; ; attempt++) {
      int port = freePort();
      Process process;
      try {
        process =
            new ProcessBuilder(
                    List.of(binary.toString(), "serve", "--host", "127.0.0.1", "--port", "" + port))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot run " + binary, e);
      }
      if (awaitListening(process, port, Duration.ofSeconds(20))) {
        Dynoxide started = new Dynoxide(process, port);
        Runtime.getRuntime().addShutdownHook(new Thread(started::close, "dynoxide-stop"));
        return started;
      }
      process.destroyForcibly();
      if (attempt == 3) {
        // another process may take the free port between the probe and the bind: try again
        throw new IllegalStateException("dynoxide did not start on a free port (3 tries)");
      }
    }
  }

  /** Where the binary is, if anywhere: the environment's, else the project's install. */
  public static Optional<Path> binary() {
    Optional<Path> named =
        Optional.ofNullable(System.getenv(BINARY_ENV)).filter(s -> !s.isBlank()).map(Path::of);
    if (named.isPresent()) {
      return named.filter(Files::isExecutable);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(INSTALLED);
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
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

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean awaitListening(Process process, int port, Duration within) {
    Instant deadline = Instant.now().plus(within);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        return false;
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return true;
      } catch (IOException notYet) {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
    return false;
  }
}
