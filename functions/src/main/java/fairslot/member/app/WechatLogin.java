package fairslot.member.app;

import java.util.Optional;

/** Port: WeChat's code2Session, which turns a {@code wx.login} code into the member's openid. */
public interface WechatLogin {

  /** The openid the code stands for; empty for a code WeChat does not accept (used, expired). */
  Optional<String> openIdFor(String code);
}
