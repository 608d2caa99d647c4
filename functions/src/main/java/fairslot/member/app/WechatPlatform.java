package fairslot.member.app;

import fairslot.member.app.PlatformTokenStore.PlatformToken;

/** Port: WeChat's server API for the mini-program (api.weixin.qq.com). */
public interface WechatPlatform {

  /**
   * {@code POST /cgi-bin/stable_token} (not forced): the current platform token and its expiry, the
   * same token while it is valid. Throws {@code Unavailable} when WeChat does not give one.
   */
  PlatformToken stableToken();
}
