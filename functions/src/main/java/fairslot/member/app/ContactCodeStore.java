package fairslot.member.app;

import fairslot.member.domain.Channel;
import fairslot.member.domain.ContactCode;
import java.time.Instant;
import java.util.Optional;

/** Port: the pending verification code of each member and channel, and how often codes went out. */
public interface ContactCodeStore {

  /** At most this many codes a member may be sent on one channel in an hour. */
  int SENDS_PER_MEMBER = 5;

  /** At most this many codes one phone number or address may be sent in an hour, by anyone. */
  int SENDS_PER_TARGET = 3;

  Optional<ContactCode> pending(String userId, Channel channel);

  /**
   * Writes {@code code} in place of any pending one and counts a send against the member's and the
   * target's limits for the hour of {@code now}, in one transaction; RATE_LIMITED writes nothing.
   */
  IssueResult issue(ContactCode code, Instant now);

  /** One more wrong guess, on condition the code is still {@code seen}; false if it moved. */
  boolean miss(ContactCode seen);

  enum IssueResult {
    ISSUED,
    RATE_LIMITED
  }
}
