package fairslot.member.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.WechatUser;
import fairslot.memory.MemoryWechatIdentityStore;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** PUT /me/wechat on the fake: a code WeChat accepts links its openid, the newest link wins. */
class WechatLinkingTest {
  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
  private final MemoryWechatIdentityStore identities = new MemoryWechatIdentityStore();
  private final WechatLogin login =
      code ->
          code.startsWith("bad")
              ? Optional.empty()
              : Optional.of(new WechatUser("openid-" + code, Optional.empty()));

  @Test
  void anAcceptedCodeLinksItsOpenIdAndALaterCodeReplacesIt() {
    WechatLinking linking = new WechatLinking(Optional.of(login), identities, clock);

    assertThat(linking.link("u1", "first")).isEqualTo(Outcome.done(true));
    clock.advance(Duration.ofSeconds(1));
    assertThat(linking.link("u1", "second")).isEqualTo(Outcome.done(true));

    assertThat(identities.openId("u1")).contains("openid-second");
    assertThat(identities.openId("u2")).isEmpty();
  }

  @Test
  void aCodeWechatRefusesLinksNothingAndADeploymentWithoutWechatRefusesEveryCode() {
    WechatLinking linking = new WechatLinking(Optional.of(login), identities, clock);
    WechatLinking none = new WechatLinking(Optional.empty(), identities, clock);

    assertThat(linking.link("u1", "bad-code"))
        .matches(
            o -> o instanceof Outcome.Refused<Boolean> r && r.refusal() == Refusal.INVALID_CODE);
    assertThat(none.link("u1", "fine"))
        .matches(
            o ->
                o instanceof Outcome.Refused<Boolean> r
                    && r.refusal() == Refusal.PROVIDER_UNAVAILABLE);
    assertThat(identities.openId("u1")).isEmpty();
  }
}
