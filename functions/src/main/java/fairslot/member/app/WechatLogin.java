package fairslot.member.app;

import fairslot.member.domain.WechatUser;
import java.util.Optional;

/**
 * Port: WeChat's code2Session, which turns a {@code wx.login} code into who signed in. WeChat's
 * rate limits and outages are thrown as {@code Unavailable} (503, try again), never read as a bad
 * code.
 */
@FunctionalInterface
public interface WechatLogin {

  /** The user the code stands for; empty for a code WeChat does not accept (used, expired). */
  Optional<WechatUser> userFor(String code);

  /** The openid alone (linking an account for WeChat Pay). */
  default Optional<String> openIdFor(String code) {
    return userFor(code).map(WechatUser::openId);
  }
}
