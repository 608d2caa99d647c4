package fairslot.member.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.auth.app.SessionTokens;
import fairslot.auth.domain.TokenKeys;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.kernel.Unavailable;
import fairslot.member.app.WechatSignIn.SignedIn;
import fairslot.member.domain.WechatUser;
import fairslot.memory.MemoryRefreshFamilies;
import fairslot.memory.MemoryWechatAccountStore;
import fairslot.memory.MemoryWechatIdentityStore;
import fairslot.messaging.auth.HmacTokens;
import fairslot.messaging.auth.SecretTokenKeys;
import fairslot.testing.TestClock;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * POST /auth/wechat on the fakes: a code WeChat accepts signs the member in (created once, found
 * after), links the openid for WeChat Pay, and a refused code writes nothing.
 */
class WechatSignInTest {
  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
  private final MemoryWechatAccountStore accounts = new MemoryWechatAccountStore();
  private final MemoryWechatIdentityStore identities = new MemoryWechatIdentityStore();
  private static final TokenKeys KEYS = SecretTokenKeys.random();
  private final SessionTokens tokens =
      new SessionTokens(
          () -> KEYS, new HmacTokens(), new MemoryRefreshFamilies(), clock, IdGenerator.random());

  private final WechatLogin login =
      code -> {
        if (code.startsWith("busy")) {
          throw new Unavailable("45011", null);
        }
        return code.startsWith("bad")
            ? Optional.empty()
            : Optional.of(new WechatUser("o-" + code.split("-")[0], Optional.empty()));
      };

  private final WechatSignIn signIn =
      new WechatSignIn(
          Optional.of(login), accounts, identities, tokens, clock, IdGenerator.random());

  @Test
  void theFirstSignInCreatesTheMemberAndTheNextFindsThemWithTheirOpenIdLinked() {
    SignedIn first = ((Outcome.Done<SignedIn>) signIn.signIn("alice-1")).value();
    SignedIn again = ((Outcome.Done<SignedIn>) signIn.signIn("alice-2")).value();

    assertThat(first.isNew()).isTrue();
    assertThat(again.isNew()).isFalse();
    assertThat(again.session().userId()).isEqualTo(first.session().userId());
    assertThat(identities.openId(first.session().userId())).contains("o-alice");
    assertThat(tokens.check(again.session().token()).orElseThrow().sub())
        .isEqualTo(first.session().userId());
  }

  @Test
  void aCodeWechatRefusesCreatesNothingAndWechatBusyIsUnavailable() {
    Outcome<SignedIn> refused = signIn.signIn("bad-code");

    assertThat(refused)
        .matches(
            o -> o instanceof Outcome.Refused<SignedIn> r && r.refusal() == Refusal.INVALID_CODE);
    assertThat(accounts.size()).isZero();
    assertThatThrownBy(() -> signIn.signIn("busy-1")).isInstanceOf(Unavailable.class);
    assertThat(accounts.size()).isZero();
  }

  @Test
  void aDeploymentWithoutWechatRefusesEverySignIn() {
    WechatSignIn none =
        new WechatSignIn(
            Optional.empty(), accounts, identities, tokens, clock, IdGenerator.random());

    assertThat(none.signIn("alice-1"))
        .matches(
            o ->
                o instanceof Outcome.Refused<SignedIn> r
                    && r.refusal() == Refusal.PROVIDER_UNAVAILABLE);
  }
}
