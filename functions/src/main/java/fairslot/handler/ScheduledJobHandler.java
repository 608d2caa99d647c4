package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import fairslot.definitions.Fairslot;
import fairslot.definitions.ScheduleDefinition;
import fairslot.kernel.JobReport;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import fairslot.shared.RequestContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Every scheduled job's handler: the schedule's rule passes {@code {"job": "<name>"}} (CDK keeps
 * one function per job, each built from this class), and one run's report comes back, with its
 * metric and log lines.
 */
public final class ScheduledJobHandler
    implements RequestHandler<Map<String, Object>, Map<String, Object>> {
  private final Wiring wiring;

  /** Used by Lambda: wires the real adapters once per container. */
  public ScheduledJobHandler() {
    this(Wiring.fromEnvironment());
  }

  /** Fails at init if a schedule has no job, or a job no schedule. */
  public ScheduledJobHandler(Wiring wiring) {
    Set<String> scheduled =
        Fairslot.SCHEDULES.stream().map(ScheduleDefinition::name).collect(Collectors.toSet());
    if (!scheduled.equals(Jobs.BY_NAME.keySet())) {
      throw new IllegalStateException(
          "schedules " + scheduled + " and jobs " + Jobs.BY_NAME.keySet() + " differ");
    }
    this.wiring = wiring;
  }

  @Override
  public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
    Object job = event == null ? null : event.get("job");
    if (!(job instanceof String name) || !Jobs.BY_NAME.containsKey(name)) {
      throw new IllegalArgumentException("the event names no job of " + Jobs.BY_NAME.keySet());
    }
    return RequestContext.with(
        context == null ? UUID.randomUUID().toString() : context.getAwsRequestId(),
        () -> run(name));
  }

  /**
   * One run of {@code job}: the job, then its metric line (due, changed, items read, deferred,
   * duration, by job) and its log line.
   */
  public Map<String, Object> run(String job) {
    var work = Jobs.BY_NAME.get(job);
    if (work == null) {
      throw new IllegalArgumentException("no job " + job);
    }
    long started = System.nanoTime();
    JobReport report = work.apply(wiring);
    long millis = (System.nanoTime() - started) / 1_000_000;
    // Metrics are what the alarms and the dashboard use (each is billed monthly per job); due and
    // items read ride along as fields of the same line.
    Metrics.line()
        .dimension("Job", report.job())
        .count("JobChanged", report.changed())
        .count("JobDeferred", report.deferred())
        .milliseconds("JobDuration", millis)
        .property("JobDue", report.due())
        .property("JobItemsRead", report.itemsRead())
        .emit();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("job", report.job());
    out.put("due", report.due());
    out.put("changed", report.changed());
    out.put("itemsRead", report.itemsRead());
    out.put("deferred", report.deferred());
    Map<String, Object> line = new LinkedHashMap<>(out);
    line.put("durationMs", millis);
    Log.info("job run", line);
    return out;
  }
}
