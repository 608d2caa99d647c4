package fairslot.auth.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.auth.domain.Session;
import fairslot.auth.domain.TokenKey;
import fairslot.auth.domain.TokenKeys;
import fairslot.auth.domain.VerifiedCaller;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryRefreshFamilies;
import fairslot.messaging.auth.HmacTokens;
import fairslot.messaging.auth.Jws;
import fairslot.shared.Json;
import fairslot.testing.TestClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * fairslot's own tokens on the fake families: an access token of an hour, refresh tokens that work
 * once, a reused one revoking the family, a rotated key ending no session.
 */
class SessionTokensTest {
  private static final TokenKey K1 =
      new TokenKey("k1", "the first key, thirty-two bytes long".getBytes(StandardCharsets.UTF_8));
  private static final TokenKey K2 =
      new TokenKey("k2", "the second key, thirty-two bytes long".getBytes(StandardCharsets.UTF_8));

  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
  private final AtomicReference<TokenKeys> keys = new AtomicReference<>(TokenKeys.of(K1));
  private final SessionTokens tokens =
      new SessionTokens(
          keys::get, new HmacTokens(), new MemoryRefreshFamilies(), clock, IdGenerator.random());

  private static Session done(Outcome<Session> outcome) {
    return ((Outcome.Done<Session>) outcome).value();
  }

  private static Refusal refusal(Outcome<Session> outcome) {
    return ((Outcome.Refused<Session>) outcome).refusal();
  }

  @Test
  void anAccessTokenSpeaksForItsMemberForAnHourAndNoLonger() {
    Session session = tokens.issue("u1");

    assertThat(session.expiresIn()).isEqualTo(3600);
    assertThat(tokens.check(session.token())).contains(new VerifiedCaller("u1", Set.of()));
    clock.advance(Duration.ofMinutes(60));
    assertThat(tokens.check(session.token())).isPresent(); // within the minute of skew
    clock.advance(Duration.ofMinutes(2));
    assertThat(tokens.check(session.token())).isEmpty();
  }

  @Test
  void eachRefreshTokenWorksOnceAndGivesTheNextPair() {
    Session first = tokens.issue("u1");

    Session second = done(tokens.refresh(first.refreshToken()));
    Session third = done(tokens.refresh(second.refreshToken()));

    assertThat(second.userId()).isEqualTo("u1");
    assertThat(third.refreshToken()).isNotEqualTo(second.refreshToken());
    assertThat(tokens.check(third.token())).map(VerifiedCaller::sub).contains("u1");
  }

  @Test
  void aRefreshRetriedWithinTheLeewayGetsTheSameNextTokenAndRevokesNothing() {
    Session first = tokens.issue("u1");
    Session second = done(tokens.refresh(first.refreshToken()));
    clock.advance(Duration.ofSeconds(10));

    Session retried = done(tokens.refresh(first.refreshToken()));

    assertThat(retried.refreshToken()).isEqualTo(second.refreshToken());
    assertThat(tokens.refresh(second.refreshToken())).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void reusingAnUsedRefreshTokenRevokesTheWholeFamily() {
    Session first = tokens.issue("u1");
    Session second = done(tokens.refresh(first.refreshToken()));
    clock.advance(RefreshFamilies.RETRY_LEEWAY);

    // a thief replays the first token: refused, and the owner's current one dies with it
    assertThat(refusal(tokens.refresh(first.refreshToken()))).isEqualTo(Refusal.INVALID_TOKEN);
    assertThat(refusal(tokens.refresh(second.refreshToken()))).isEqualTo(Refusal.INVALID_TOKEN);
    // another sign-in of the same member is another family, untouched
    Session elsewhere = tokens.issue("u1");
    assertThat(tokens.refresh(elsewhere.refreshToken())).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void aForgedRefreshTokenChangesNothing() {
    Session first = tokens.issue("u1");
    String forged = first.refreshToken().replaceFirst("\\.0\\.", ".5.");

    assertThat(refusal(tokens.refresh(forged))).isEqualTo(Refusal.INVALID_TOKEN);
    assertThat(refusal(tokens.refresh("made.up"))).isEqualTo(Refusal.INVALID_TOKEN);
    assertThat(tokens.refresh(first.refreshToken())).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void aSignInUnusedForThirtyDaysEndsAndEachRefreshMovesTheEndOn() {
    Session first = tokens.issue("u1");
    clock.advance(Duration.ofDays(29));
    Session second = done(tokens.refresh(first.refreshToken()));
    clock.advance(Duration.ofDays(29));
    Session third = done(tokens.refresh(second.refreshToken()));
    clock.advance(Duration.ofDays(30));

    assertThat(refusal(tokens.refresh(third.refreshToken()))).isEqualTo(Refusal.INVALID_TOKEN);
  }

  @Test
  void aRotatedKeyEndsNoSessionAndTheNextPairIsSignedWithTheNewKey() {
    Session before = tokens.issue("u1");
    keys.set(new TokenKeys(K2, List.of(K2, K1)));

    assertThat(tokens.check(before.token())).isPresent();
    Session after = done(tokens.refresh(before.refreshToken()));
    keys.set(TokenKeys.of(K2)); // the old key retired

    assertThat(tokens.check(after.token())).isPresent();
    assertThat(tokens.check(before.token())).isEmpty();
    assertThat(tokens.refresh(after.refreshToken())).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void aTokenOfAnotherIssuerAudienceOrUseIsNotOurs() {
    Optional<VerifiedCaller> none = tokens.check("eyJhbGciOiJIUzI1NiJ9.e30.AAAA");
    assertThat(none).isEmpty();
    String other =
        Jws.signHs256(
            "k1",
            Json.object()
                .put("iss", "someone-else")
                .put("aud", "fairslot-api")
                .put("sub", "admin")
                .put("token_use", "access")
                .put("iat", clock.instant().getEpochSecond())
                .put("exp", clock.instant().getEpochSecond() + 60),
            K1.secret());
    assertThat(tokens.check(other)).isEmpty();
  }
}
