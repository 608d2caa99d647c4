package fairslot.shared;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Where log and metric lines go: standard output (CloudWatch Logs in Lambda, which turns EMF lines
 * into metrics), and to anyone listening: tests read the lines the code really wrote.
 */
public final class Output {
  private static final List<Consumer<String>> LISTENERS = new CopyOnWriteArrayList<>();

  /**
   * {@code -Dfairslot.lines=off} keeps the lines off standard output (the test suite sets it: its
   * thousands of requests would bury the results). Listeners still hear every line.
   */
  private static final boolean PRINT = !"off".equals(System.getProperty("fairslot.lines"));

  private Output() {}

  static void line(String line) {
    if (PRINT) {
      System.out.println(line);
    }
    for (Consumer<String> listener : LISTENERS) {
      listener.accept(line);
    }
  }

  /** Hears every line from now until the returned handle is closed. */
  public static AutoCloseable listen(Consumer<String> listener) {
    LISTENERS.add(listener);
    return () -> LISTENERS.remove(listener);
  }
}
