package fairslot.memory;

import fairslot.member.app.WechatAccountStore;
import fairslot.member.domain.WechatUser;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** WeChat users' claims in memory: put-if-absent, as the conditional put. */
public final class MemoryWechatAccountStore implements WechatAccountStore {
  private final Map<String, String> claims = new ConcurrentHashMap<>();

  @Override
  public Account claim(WechatUser user, String newUserId, Instant at) {
    String open = "open#" + user.openId();
    Optional<String> union = user.unionId().map(u -> "union#" + u);
    Optional<String> known = union.map(claims::get).or(() -> Optional.ofNullable(claims.get(open)));
    if (known.isPresent()) {
      union.ifPresent(u -> claims.putIfAbsent(u, known.get()));
      return new Account(known.get(), false);
    }
    String first = union.orElse(open);
    String before = claims.putIfAbsent(first, newUserId);
    if (before != null) {
      return new Account(before, false);
    }
    if (union.isPresent()) {
      claims.putIfAbsent(open, newUserId);
    }
    return new Account(newUserId, true);
  }

  /** How many claims are held (a refused sign-in adds none). */
  public int size() {
    return claims.size();
  }
}
