package fairslot.member.app;

import fairslot.member.domain.WechatUser;
import java.time.Instant;

/**
 * Port: which member a WeChat user is. The first sign-in claims the user (by unionid when WeChat
 * gives one, else by openid) for a new member id; every later one, and every sign-in racing the
 * first, finds that member.
 */
public interface WechatAccountStore {

  /** The member this user already is, or {@code newUserId}, claimed now. */
  Account claim(WechatUser user, String newUserId, Instant at);

  /** The member, and whether this call created them. */
  record Account(String userId, boolean isNew) {}
}
