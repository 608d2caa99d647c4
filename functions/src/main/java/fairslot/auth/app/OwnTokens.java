package fairslot.auth.app;

import fairslot.auth.domain.AccessClaims;
import fairslot.auth.domain.TokenKeys;
import fairslot.auth.domain.VerifiedCaller;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * fairslot's own access tokens, checked: signed under a key the token's kid names (the current one
 * or the one before a rotation), fairslot as issuer and audience, an access token, and current (a
 * minute's skew allowed either way). What the authorizer and the local runtime run.
 */
public final class OwnTokens implements TokenCheck {
  public static final String ISSUER = "fairslot";
  public static final String AUDIENCE = "fairslot-api";
  static final Duration SKEW = Duration.ofSeconds(60);

  private final Supplier<TokenKeys> keys;
  private final TokenCodec codec;
  private final Clock clock;

  public OwnTokens(Supplier<TokenKeys> keys, TokenCodec codec, Clock clock) {
    this.keys = keys;
    this.codec = codec;
    this.clock = clock;
  }

  @Override
  public Optional<VerifiedCaller> check(String token) {
    long now = clock.instant().getEpochSecond();
    return codec
        .read(token, keys.get())
        .filter(c -> c.expiresAt() + SKEW.toSeconds() > now)
        .filter(c -> c.issuedAt() - SKEW.toSeconds() <= now)
        .filter(c -> ISSUER.equals(c.issuer()) && AUDIENCE.equals(c.audience()))
        .filter(c -> "access".equals(c.tokenUse()) && !c.subject().isBlank())
        .map(AccessClaims::subject)
        .map(sub -> new VerifiedCaller(sub, Set.of()));
  }
}
