package fairslot.member.app;

import fairslot.auth.app.SessionTokens;
import fairslot.auth.domain.Session;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatAccountStore.Account;
import fairslot.member.domain.WechatUser;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code POST /auth/wechat {code}} (v1.3): the {@code wx.login} code goes to code2Session, the
 * member is found or created by unionid, else openid ({@link WechatAccountStore}), their openid is
 * linked for WeChat Pay as {@code PUT /me/wechat} links it, and fairslot's own tokens are issued:
 * no Cognito user per member. Nothing is written for a code WeChat refuses.
 */
public final class WechatSignIn {
  private final Optional<WechatLogin> login;
  private final WechatAccountStore accounts;
  private final WechatIdentityStore identities;
  private final SessionTokens tokens;
  private final Clock clock;
  private final IdGenerator ids;

  public WechatSignIn(
      Optional<WechatLogin> login,
      WechatAccountStore accounts,
      WechatIdentityStore identities,
      SessionTokens tokens,
      Clock clock,
      IdGenerator ids) {
    this.login = login;
    this.accounts = accounts;
    this.identities = identities;
    this.tokens = tokens;
    this.clock = clock;
    this.ids = ids;
  }

  /** A sign-in: the session, and whether this sign-in created the member. */
  public record SignedIn(Session session, boolean isNew) {}

  public Outcome<SignedIn> signIn(String code) {
    if (login.isEmpty()) {
      return Outcome.refused(Refusal.PROVIDER_UNAVAILABLE, "WeChat is not configured here");
    }
    Optional<WechatUser> user = login.get().userFor(code);
    if (user.isEmpty()) {
      return Outcome.refused(
          Refusal.INVALID_CODE, "WeChat did not accept the login code (used, expired or forged)");
    }
    Instant now = clock.instant();
    Account account = accounts.claim(user.get(), ids.newId(), now);
    identities.link(account.userId(), user.get().openId(), now);
    return Outcome.done(new SignedIn(tokens.issue(account.userId()), account.isNew()));
  }
}
