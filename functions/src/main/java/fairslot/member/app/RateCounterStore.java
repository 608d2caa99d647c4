package fairslot.member.app;

import fairslot.member.domain.RateWindow;

/** The coarse shared count of a member's requests per window, across containers. */
public interface RateCounterStore {
  /** Adds {@code delta} to the member's count for the window; answers the count after it. */
  long add(String userId, RateWindow window, int delta);
}
