package fairslot.kernel;

import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The one loop every scheduled job runs over the items its due index returned. Each item's step is
 * its own conditional write(s) and says how many things it changed. A step that finds the table
 * {@link Unavailable} leaves that item for the next run and the loop goes on with the rest; only a
 * run that could do none of its due items fails, so the scheduler retries it and the error alarm
 * sees it.
 */
public final class JobLoop {
  private JobLoop() {}

  public static <T> JobReport run(String job, List<T> due, int itemsRead, ToIntFunction<T> step) {
    int changed = 0;
    int deferred = 0;
    Unavailable last = null;
    for (T item : due) {
      try {
        changed += step.applyAsInt(item);
      } catch (Unavailable busy) {
        deferred++;
        last = busy;
      }
    }
    if (last != null && deferred == due.size()) {
      throw last;
    }
    return new JobReport(job, due.size(), changed, itemsRead, deferred);
  }

  /** For steps that change at most one thing: 1 if the item's transition happened. */
  public static int one(boolean happened) {
    return happened ? 1 : 0;
  }
}
