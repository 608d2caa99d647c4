package fairslot.member.app;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.time.Clock;
import java.util.Optional;

/**
 * {@code PUT /me/wechat}: the member proves their WeChat identity with a fresh {@code wx.login}
 * code, and its openid is kept for WeChat Pay's prepay. A deployment without WeChat refuses.
 */
public final class WechatLinking {
  private final Optional<WechatLogin> login;
  private final WechatIdentityStore identities;
  private final Clock clock;

  public WechatLinking(Optional<WechatLogin> login, WechatIdentityStore identities, Clock clock) {
    this.login = login;
    this.identities = identities;
    this.clock = clock;
  }

  public Outcome<Boolean> link(String userId, String code) {
    if (login.isEmpty()) {
      return Outcome.refused(Refusal.PROVIDER_UNAVAILABLE, "WeChat is not configured here");
    }
    Optional<String> openId = login.get().openIdFor(code);
    if (openId.isEmpty()) {
      return Outcome.refused(Refusal.INVALID_CODE, "WeChat did not accept the login code");
    }
    identities.link(userId, openId.get(), clock.instant());
    return Outcome.done(true);
  }
}
