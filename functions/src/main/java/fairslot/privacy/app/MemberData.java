package fairslot.privacy.app;

import fairslot.kernel.IdGenerator;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.privacy.domain.Erasure;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A member's data rights (API.md v1.2): the export of everything held about them, and erasure. A
 * request is recorded at once; the erase-members job removes the personal data and moves what
 * finance must keep to a pseudonym. Records still in use wait, and the job comes back for them.
 */
public final class MemberData {
  /** How soon a run comes back to records still in use (a hold, an upcoming session). */
  static final Duration AGAIN = Duration.ofHours(1);

  private final List<MemberDataPart> parts;
  private final ErasureStore erasures;
  private final Clock clock;
  private final IdGenerator ids;

  /** {@code parts} in erasure order: records found through others (payments) come first. */
  public MemberData(
      List<MemberDataPart> parts, ErasureStore erasures, Clock clock, IdGenerator ids) {
    this.parts = List.copyOf(parts);
    this.erasures = erasures;
    this.clock = clock;
    this.ids = ids;
  }

  /** Every record of every part, under the part's name. */
  public Map<String, Object> export(String userId) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("userId", userId);
    out.put("exportedAt", clock.instant().toString());
    erasures
        .find(userId)
        .ifPresent(
            e ->
                out.put(
                    "erasure",
                    Map.of(
                        "status", e.status().name(), "requestedAt", e.requestedAt().toString())));
    for (MemberDataPart part : parts) {
      out.put(part.name(), part.export(userId));
    }
    return out;
  }

  /** Records the request (a second one answers the first); the job does the rest. */
  public Erasure requestErasure(String userId) {
    return erasures.request(userId, "erased-" + ids.newId(), clock.instant());
  }

  /** One run of the erase-members job over requests due, at most {@code limit}. */
  public JobReport runDue(int limit) {
    List<Erasure> due = erasures.due(clock.instant(), limit);
    // the jobs' one loop: a member the table refused now is left for the next run, the rest go on
    return JobLoop.run("erase-members", due, due.size(), e -> JobLoop.one(erase(e)));
  }

  /** Runs every part; finishes the request when none has records still in use. */
  boolean erase(Erasure pending) {
    String pseudonym = pending.pseudonym().orElseThrow();
    boolean waiting = false;
    for (MemberDataPart part : parts) {
      if (part.erase(pending.userId(), pseudonym) instanceof MemberDataPart.Step.Waiting) {
        waiting = true;
      }
    }
    if (waiting) {
      erasures.later(pending, clock.instant().plus(AGAIN));
      return false;
    }
    return erasures.finish(pending, clock.instant());
  }
}
