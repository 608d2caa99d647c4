package fairslot.local;

import fairslot.definitions.ScheduleDefinition;
import fairslot.handler.Wiring;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A schedule's handler (the class its definition names), built with a wiring, as one call that runs
 * the job.
 */
public final class JobHandlers {
  private JobHandlers() {}

  public static Supplier<Map<String, Object>> handlerFor(
      ScheduleDefinition schedule, Wiring wiring) {
    try {
      Object handler =
          Class.forName(schedule.handler()).getConstructor(Wiring.class).newInstance(wiring);
      // The rule's input names the job, as EventBridge passes {"job": "<name>"} in AWS.
      var run = handler.getClass().getMethod("run", String.class);
      return () -> {
        try {
          @SuppressWarnings("unchecked")
          Map<String, Object> report = (Map<String, Object>) run.invoke(handler, schedule.name());
          return report;
        } catch (InvocationTargetException e) {
          // The job's own failure (Unavailable under faults, for one) reaches the caller as it was
          // thrown.
          throw e.getCause() instanceof RuntimeException r
              ? r
              : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      };
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "schedule " + schedule.name() + " names a handler that cannot be built", e);
    }
  }
}
