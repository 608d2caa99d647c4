package fairslot.local;

import fairslot.definitions.Fairslot;
import fairslot.definitions.ScheduleDefinition;
import fairslot.handler.Wiring;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs the scheduled jobs of the shared definitions every {@code period} (FAIRSLOT_SWEEP_EVERY),
 * the way EventBridge schedules invoke their functions in AWS, and on demand.
 */
final class LocalScheduler implements AutoCloseable {
  private final Map<String, Supplier<Map<String, Object>>> jobs = new HashMap<>();
  private final ScheduledExecutorService timer =
      Executors.newScheduledThreadPool(
          2,
          r -> {
            Thread t = new Thread(r, "local-scheduler");
            t.setDaemon(true);
            return t;
          });

  LocalScheduler(Wiring wiring, Duration period) {
    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      jobs.put(schedule.name(), JobHandlers.handlerFor(schedule, wiring));
    }
    jobs.forEach(
        (name, job) ->
            timer.scheduleWithFixedDelay(
                () -> runQuietly(name, job),
                period.toMillis(),
                period.toMillis(),
                TimeUnit.MILLISECONDS));
  }

  Optional<Map<String, Object>> runNow(String name) {
    return Optional.ofNullable(jobs.get(name)).map(Supplier::get);
  }

  private static void runQuietly(String name, Supplier<Map<String, Object>> job) {
    try {
      job.get();
    } catch (RuntimeException e) {
      System.err.println("[schedule " + name + "] failed: " + e);
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
