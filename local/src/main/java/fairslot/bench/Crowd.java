package fairslot.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Releases N calls at once from N threads and times each; bounded in count, ends by itself. */
final class Crowd {
  private Crowd() {}

  record Result<T>(List<T> outcomes, Stats stats) {}

  static <T> Result<T> run(int n, int threads, IntFunction<T> call) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch go = new CountDownLatch(1);
    List<Future<T>> futures = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      futures.add(
          pool.submit(
              () -> {
                go.await();
                long t0 = System.nanoTime();
                T outcome = call.apply(index);
                micros.add((System.nanoTime() - t0) / 1000);
                return outcome;
              }));
    }
    long start = System.nanoTime();
    go.countDown();
    List<T> outcomes = new ArrayList<>();
    for (Future<T> f : futures) {
      outcomes.add(f.get());
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    pool.shutdown();
    return new Result<>(outcomes, Stats.of(micros, seconds));
  }
}
