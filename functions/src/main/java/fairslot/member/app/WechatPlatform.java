package fairslot.member.app;

import fairslot.member.app.PlatformTokenStore.PlatformToken;
import fairslot.member.domain.Phone;

/** Port: WeChat's server API for the mini-program (api.weixin.qq.com). */
public interface WechatPlatform {

  /**
   * {@code POST /cgi-bin/stable_token} (not forced): the current platform token and its expiry, the
   * same token while it is valid. Throws {@code Unavailable} when WeChat does not give one.
   */
  PlatformToken stableToken();

  /**
   * {@code POST /wxa/business/getuserphonenumber}: the phone WeChat verified for the member who
   * tapped {@code getPhoneNumber}, for that one-use {@code code}. Throws {@code Unavailable} when
   * WeChat is busy or down.
   */
  PhoneAnswer phoneNumber(String accessToken, String code);

  /** What WeChat said of a phone code. */
  sealed interface PhoneAnswer {
    /** The member's phone, with its country code. */
    record Verified(Phone phone) implements PhoneAnswer {}

    /** Used, expired or forged (errcode 40029 and its kind). */
    record InvalidCode() implements PhoneAnswer {}

    /** WeChat refused the platform token (40001, 42001): ask again with a new one. */
    record TokenRejected() implements PhoneAnswer {}
  }
}
