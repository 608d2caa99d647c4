package fairslot.auth.app;

import fairslot.auth.app.RefreshFamilies.Rotation;
import fairslot.auth.domain.AccessClaims;
import fairslot.auth.domain.RefreshToken;
import fairslot.auth.domain.Session;
import fairslot.auth.domain.TokenKey;
import fairslot.auth.domain.TokenKeys;
import fairslot.auth.domain.VerifiedCaller;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * fairslot's own tokens, for members who sign in with WeChat (no Cognito user each): an HS256
 * access token of an hour that the authorizer accepts beside Cognito's, and a refresh token that
 * works once (each refresh gives the next; reusing one revokes the sign-in's whole family).
 */
public final class SessionTokens implements TokenCheck {
  public static final Duration ACCESS_LIFETIME = Duration.ofHours(1);

  /** A family unused for this long ends; each refresh moves its end on. */
  public static final Duration IDLE_LIFETIME = Duration.ofDays(30);

  private final Supplier<TokenKeys> keys;
  private final TokenCodec codec;
  private final OwnTokens own;
  private final RefreshFamilies families;
  private final Clock clock;
  private final IdGenerator ids;

  public SessionTokens(
      Supplier<TokenKeys> keys,
      TokenCodec codec,
      RefreshFamilies families,
      Clock clock,
      IdGenerator ids) {
    this.keys = keys;
    this.codec = codec;
    this.own = new OwnTokens(keys, codec, clock);
    this.families = families;
    this.clock = clock;
    this.ids = ids;
  }

  /** A new sign-in for {@code userId}: a new family at generation 0. */
  public Session issue(String userId) {
    Instant now = clock.instant();
    TokenKey key = keys.get().current();
    String familyId = ids.newId().replaceAll("[^A-Za-z0-9_-]", "");
    families.start(familyId, userId, now.plus(IDLE_LIFETIME));
    return session(userId, new RefreshToken(familyId, 0, key.kid()), key, now);
  }

  /** The next pair for a refresh token of the current generation; any other is 401. */
  public Outcome<Session> refresh(String text) {
    TokenKeys known = keys.get();
    Optional<RefreshToken> token = codec.readRefresh(text, known);
    if (token.isEmpty()) {
      return invalid("the refresh token is not one of ours");
    }
    Instant now = clock.instant();
    Rotation rotation =
        families.rotate(
            token.get().familyId(), token.get().generation(), now, now.plus(IDLE_LIFETIME));
    if (rotation instanceof Rotation.Rotated rotated) {
      // The next token is signed with today's key, whatever key signed the one presented.
      RefreshToken next =
          new RefreshToken(
              token.get().familyId(), token.get().generation() + 1, known.current().kid());
      return Outcome.done(session(rotated.userId(), next, known.current(), now));
    }
    if (rotation instanceof Rotation.Reused) {
      families.revoke(token.get().familyId(), now);
      return invalid("the refresh token was used before; this sign-in is revoked");
    }
    return invalid("the refresh token has expired or was revoked");
  }

  /** The caller a fairslot access token speaks for, if it is ours, unaltered and current. */
  @Override
  public Optional<VerifiedCaller> check(String token) {
    return own.check(token);
  }

  private Session session(String userId, RefreshToken refresh, TokenKey key, Instant now) {
    AccessClaims claims =
        new AccessClaims(
            OwnTokens.ISSUER,
            OwnTokens.AUDIENCE,
            userId,
            "access",
            now.getEpochSecond(),
            now.plus(ACCESS_LIFETIME).getEpochSecond());
    return new Session(
        codec.sign(claims, key),
        ACCESS_LIFETIME.toSeconds(),
        codec.refreshText(refresh, key),
        userId);
  }

  private static Outcome<Session> invalid(String detail) {
    return Outcome.refused(Refusal.INVALID_TOKEN, detail);
  }
}
