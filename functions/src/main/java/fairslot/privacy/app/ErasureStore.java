package fairslot.privacy.app;

import fairslot.privacy.domain.Erasure;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The members' erasure requests, and which are due a run of the erase-members job. */
public interface ErasureStore {
  /**
   * Records the request unless one is pending or done (then that one stands); {@code pseudonym} is
   * used only for a new one.
   */
  Erasure request(String userId, String pseudonym, Instant now);

  Optional<Erasure> find(String userId);

  /** Pending requests whose next run is due by {@code now}, oldest first. */
  List<Erasure> due(Instant now, int limit);

  /** Tries again at {@code next} (records were still in use). */
  void later(Erasure pending, Instant next);

  /** Marks it ERASED and forgets the pseudonym; false if another run got there first. */
  boolean finish(Erasure pending, Instant now);
}
