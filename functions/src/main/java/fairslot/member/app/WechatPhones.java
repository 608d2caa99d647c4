package fairslot.member.app;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatPlatform.PhoneAnswer;
import fairslot.member.domain.MemberProfile;
import java.util.Optional;

/**
 * {@code POST /me/phone/wechat {code}} (v1.3): the code from the mini-program's {@code
 * getPhoneNumber} gives a phone WeChat verified, confirmed with the same claim and walk-in linking
 * as a typed SMS code. A deployment without WeChat refuses.
 */
public final class WechatPhones {
  /** The platform and its token, present when the deployment has WeChat. */
  public record Wechat(WechatPlatform platform, PlatformAccessTokens tokens) {}

  private final Optional<Wechat> wechat;
  private final ContactVerification verification;

  public WechatPhones(Optional<Wechat> wechat, ContactVerification verification) {
    this.wechat = wechat;
    this.verification = verification;
  }

  public Outcome<MemberProfile> verify(String userId, String code) {
    if (wechat.isEmpty()) {
      return Outcome.refused(Refusal.PROVIDER_UNAVAILABLE, "WeChat is not configured here");
    }
    PlatformAccessTokens tokens = wechat.get().tokens();
    String token = tokens.token();
    PhoneAnswer answer = wechat.get().platform().phoneNumber(token, code);
    if (answer instanceof PhoneAnswer.TokenRejected) {
      tokens.rejected(token);
      answer = wechat.get().platform().phoneNumber(tokens.token(), code);
    }
    if (answer instanceof PhoneAnswer.Verified verified) {
      return verification.confirmByWechat(userId, verified.phone());
    }
    if (answer instanceof PhoneAnswer.InvalidCode) {
      return Outcome.refused(Refusal.INVALID_CODE, "WeChat did not accept the phone code");
    }
    return Outcome.refused(Refusal.THROTTLED, "WeChat refused the platform token; try again");
  }
}
