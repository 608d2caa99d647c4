package fairslot.kernel;

/**
 * What one run of a scheduled job did: items found due, things changed, items its queries read, and
 * items deferred to the next run because the table stayed unavailable.
 */
public record JobReport(String job, int due, int changed, int itemsRead, int deferred) {

  public JobReport(String job, int due, int changed, int itemsRead) {
    this(job, due, changed, itemsRead, 0);
  }

  /** Two steps of one run as one report under {@code job}. */
  public JobReport then(String job, JobReport next) {
    return new JobReport(
        job,
        due + next.due,
        changed + next.changed,
        itemsRead + next.itemsRead,
        deferred + next.deferred);
  }
}
