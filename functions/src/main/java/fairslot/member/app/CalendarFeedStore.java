package fairslot.member.app;

import java.util.OptionalLong;

/**
 * Port: the version of each member's calendar feed (API.md v1.2 "Calendar"). The feed's secret
 * token is derived from the member and this version ({@link CalendarFeeds}), so no token is stored
 * and a rotation is one counter step.
 */
public interface CalendarFeedStore {
  /** The member's version, made 1 the first time it is asked for; never changed by asking. */
  long current(String userId);

  /** The version now, if the member ever had a feed. */
  OptionalLong find(String userId);

  /** One past the version before (1 if there was none): every earlier token stops working. */
  long rotate(String userId);
}
