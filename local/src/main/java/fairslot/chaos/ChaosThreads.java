package fairslot.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The chaos workload's threads: a pause, and a batch of tasks run together. */
final class ChaosThreads {
  private ChaosThreads() {}

  /** Sleeps, keeping an interrupt for the caller. */
  static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Runs every task on {@code threads} threads and waits for all of them. */
  static void runAll(List<Callable<Object>> tasks, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Object>> futures = new ArrayList<>();
      for (Callable<Object> task : tasks) {
        futures.add(pool.submit(task));
      }
      for (Future<Object> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
