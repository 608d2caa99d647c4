package fairslot.memory;

import fairslot.member.app.WechatSubscriptions;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Subscribe-message grants in memory: a take marks its delivery once, as the transaction does. */
public final class MemoryWechatSubscriptions implements WechatSubscriptions {
  private final Map<String, Integer> left = new HashMap<>();
  private final Set<String> taken = new HashSet<>();

  @Override
  public synchronized void grant(
      String userId, String templateId, int accepted, String grantKey, Instant at) {
    if (taken.add(userId + "\ngrant\n" + grantKey)) {
      left.merge(userId + "\n" + templateId, accepted, Integer::sum);
    }
  }

  @Override
  public synchronized Map<String, Integer> sendsLeft(String userId) {
    Map<String, Integer> mine = new TreeMap<>();
    left.forEach(
        (k, n) -> {
          String[] parts = k.split("\n", 2);
          if (parts[0].equals(userId)) {
            mine.put(parts[1], n);
          }
        });
    return mine;
  }

  @Override
  public synchronized Take take(String userId, String templateId, String deliveryKey, Instant at) {
    if (taken.contains(userId + "\n" + deliveryKey)) {
      return Take.TAKEN;
    }
    String key = userId + "\n" + templateId;
    if (left.getOrDefault(key, 0) < 1) {
      return Take.NONE_LEFT;
    }
    left.merge(key, -1, Integer::sum);
    taken.add(userId + "\n" + deliveryKey);
    return Take.TAKEN;
  }

  @Override
  public synchronized void spent(String userId, String templateId, Instant at) {
    left.computeIfPresent(userId + "\n" + templateId, (k, n) -> 0);
  }
}
