package fairslot.memory;

import fairslot.member.app.ContactCodeStore;
import fairslot.member.domain.Channel;
import fairslot.member.domain.ContactCode;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** In-memory {@link ContactCodeStore}: hourly counters and one pending code per member+channel. */
public final class MemoryContactCodeStore implements ContactCodeStore {
  private final Map<String, ContactCode> pending = new HashMap<>();
  private final Map<String, Integer> sends = new HashMap<>();

  private static String key(String userId, Channel channel) {
    return userId + "#" + channel;
  }

  @Override
  public synchronized Optional<ContactCode> pending(String userId, Channel channel) {
    return Optional.ofNullable(pending.get(key(userId, channel)));
  }

  @Override
  public synchronized IssueResult issue(ContactCode code, Instant now) {
    long hour = now.getEpochSecond() / 3600;
    String member = "M#" + key(code.userId(), code.channel()) + "#" + hour;
    String target = "T#" + code.channel() + "#" + code.target() + "#" + hour;
    if (sends.getOrDefault(member, 0) >= SENDS_PER_MEMBER
        || sends.getOrDefault(target, 0) >= SENDS_PER_TARGET) {
      return IssueResult.RATE_LIMITED;
    }
    sends.merge(member, 1, Integer::sum);
    sends.merge(target, 1, Integer::sum);
    pending.put(key(code.userId(), code.channel()), code);
    return IssueResult.ISSUED;
  }

  @Override
  public synchronized boolean miss(ContactCode seen) {
    if (!isPending(seen)) {
      return false;
    }
    pending.put(key(seen.userId(), seen.channel()), seen.missed());
    return true;
  }

  synchronized boolean isPending(ContactCode seen) {
    return seen.equals(pending.get(key(seen.userId(), seen.channel())));
  }

  synchronized void consume(ContactCode seen) {
    pending.remove(key(seen.userId(), seen.channel()), seen);
  }
}
