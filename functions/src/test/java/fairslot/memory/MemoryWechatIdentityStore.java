package fairslot.memory;

import fairslot.member.app.WechatIdentityStore;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The WeChat identity store in memory: a newer link wins, as on DynamoDB. */
public final class MemoryWechatIdentityStore implements WechatIdentityStore {
  private record Link(String openId, Instant at) {}

  private final Map<String, Link> links = new ConcurrentHashMap<>();

  /** How many times a member's identity was looked up. */
  public final java.util.concurrent.atomic.AtomicInteger reads =
      new java.util.concurrent.atomic.AtomicInteger();

  @Override
  public Optional<String> openId(String userId) {
    reads.incrementAndGet();
    return Optional.ofNullable(links.get(userId)).map(Link::openId);
  }

  @Override
  public void link(String userId, String openId, Instant at) {
    links.merge(
        userId, new Link(openId, at), (old, next) -> old.at().isAfter(next.at()) ? old : next);
  }
}
