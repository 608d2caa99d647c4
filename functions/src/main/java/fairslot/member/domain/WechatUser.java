package fairslot.member.domain;

import java.util.Optional;

/**
 * Who code2Session says signed in: the openid (one per mini-program) and, when the mini-program is
 * bound to an Open Platform account, the unionid (one per person across the venue's apps). Neither
 * is ever logged; {@code toString} hides both.
 */
public record WechatUser(String openId, Optional<String> unionId) {
  public WechatUser {
    if (openId == null || openId.isBlank()) {
      throw new IllegalArgumentException("no openid");
    }
    unionId = unionId.filter(u -> !u.isBlank());
  }

  @Override
  public String toString() {
    return "WechatUser[hidden]";
  }
}
