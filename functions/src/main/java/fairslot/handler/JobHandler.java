package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import fairslot.app.JobReport;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** Shared shape of the scheduled-job handlers: any scheduler event in, the job's report out. */
abstract class JobHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
  /** Items one run handles at most; the next run (one period later) takes the rest. */
  static final int BATCH = 500;

  private final Supplier<JobReport> job;

  JobHandler(Supplier<JobReport> job) {
    this.job = job;
  }

  @Override
  public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
    return fairslot.shared.RequestContext.with(
        context == null ? java.util.UUID.randomUUID().toString() : context.getAwsRequestId(),
        this::run);
  }

  /**
   * One run: the job, then its metric line (due, changed, items read, deferred, duration, by job)
   * and its log line.
   */
  public Map<String, Object> run() {
    long started = System.nanoTime();
    JobReport report = job.get();
    long millis = (System.nanoTime() - started) / 1_000_000;
    fairslot.shared.Metrics.line()
        .dimension("Job", report.job())
        .count("JobDue", report.due())
        .count("JobChanged", report.changed())
        .count("JobItemsRead", report.itemsRead())
        .count("JobDeferred", report.deferred())
        .milliseconds("JobDuration", millis)
        .emit();
    fairslot.shared.Log.info(
        "job run",
        Map.of(
            "job",
            report.job(),
            "due",
            report.due(),
            "changed",
            report.changed(),
            "itemsRead",
            report.itemsRead(),
            "deferred",
            report.deferred(),
            "durationMs",
            millis));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("job", report.job());
    out.put("due", report.due());
    out.put("changed", report.changed());
    out.put("itemsRead", report.itemsRead());
    out.put("deferred", report.deferred());
    return out;
  }
}
