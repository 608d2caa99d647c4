package fairslot.handler.internal;

import fairslot.aws.Secrets;
import fairslot.member.app.CalendarFeedStore;
import fairslot.member.app.CalendarFeeds;
import fairslot.member.app.FeedKey;
import fairslot.shared.HmacSha256;

/**
 * The key calendar feed tokens are derived with: FAIRSLOT_CALENDAR_SECRET (in AWS read from Secrets
 * Manager through FAIRSLOT_CALENDAR_SECRET_ARN, failing init if unreadable), or a random key per
 * process where neither is set (feed URLs then last as long as the process).
 */
public final class CalendarKey implements FeedKey {
  private final byte[] key;

  public CalendarKey(byte[] key) {
    if (key.length < 32) {
      throw new IllegalArgumentException("a calendar key needs 32 bytes or more");
    }
    this.key = key.clone();
  }

  public static CalendarKey deployment() {
    return new CalendarKey(Holder.KEY);
  }

  /** The members' feeds under the deployment's key. */
  public static CalendarFeeds feeds(CalendarFeedStore store) {
    return new CalendarFeeds(store, deployment());
  }

  @Override
  public byte[] tag(byte[] message) {
    return HmacSha256.of(key, message);
  }

  private static final class Holder {
    static final byte[] KEY = Secrets.keyOrPerProcess("FAIRSLOT_CALENDAR_SECRET");
  }
}
