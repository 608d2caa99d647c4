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

  private Output() {}

  static void line(String line) {
    System.out.println(line);
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
