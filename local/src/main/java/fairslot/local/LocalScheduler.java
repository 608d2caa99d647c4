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
  private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, r -> {
    Thread t = new Thread(r, "local-scheduler");
    t.setDaemon(true);
    return t;
  });

  LocalScheduler(Wiring wiring, Duration period) {
    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      jobs.put(schedule.name(), handlerFor(schedule, wiring));
    }
    jobs.forEach((name, job) -> timer.scheduleWithFixedDelay(() -> runQuietly(name, job),
        period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS));
  }

  /** The handler class named by the definition, built with this runtime's wiring. */
  private static Supplier<Map<String, Object>> handlerFor(ScheduleDefinition schedule, Wiring wiring) {
    try {
      Object handler = Class.forName(schedule.handler()).getConstructor(Wiring.class).newInstance(wiring);
      var run = handler.getClass().getMethod("run");
      return () -> {
        try {
          @SuppressWarnings("unchecked")
          Map<String, Object> report = (Map<String, Object>) run.invoke(handler);
          return report;
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e.getCause() == null ? e : e.getCause());
        }
      };
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("schedule " + schedule.name() + " names a handler that cannot be built", e);
    }
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
