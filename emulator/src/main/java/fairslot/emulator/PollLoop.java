package fairslot.emulator;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntSupplier;

/**
 * The local stand-in for an event source's polling: calls {@code pollOnce} again at once while it
 * finds work, sleeps {@code idle} when it finds none or fails (the failure is logged and the next
 * poll tries again), on one daemon thread, until closed.
 */
final class PollLoop implements AutoCloseable {
  private final ExecutorService thread;

  PollLoop(String name, IntSupplier pollOnce, Duration idle) {
    this.thread =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, name);
              t.setDaemon(true);
              return t;
            });
    thread.execute(() -> run(name, pollOnce, idle));
  }

  private static void run(String name, IntSupplier pollOnce, Duration idle) {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        if (pollOnce.getAsInt() == 0) {
          Thread.sleep(idle.toMillis());
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        System.err.println("[" + name + "] " + e);
        try {
          Thread.sleep(idle.toMillis());
        } catch (InterruptedException stop) {
          return;
        }
      }
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
