package fairslot.auth.app;

import fairslot.auth.domain.AccessClaims;
import fairslot.auth.domain.RefreshToken;
import fairslot.auth.domain.TokenKey;
import fairslot.auth.domain.TokenKeys;
import java.util.Optional;

/** Port: how fairslot's tokens are written and read back (HS256 JWS, HMAC'd refresh tokens). */
public interface TokenCodec {

  /** An access token of {@code claims}, signed with {@code key}. */
  String sign(AccessClaims claims, TokenKey key);

  /** The claims of a token signed with one of {@code keys} (its kid names which), unaltered. */
  Optional<AccessClaims> read(String token, TokenKeys keys);

  /** A refresh token's text, MAC'd with {@code key} (whose kid the token names). */
  String refreshText(RefreshToken token, TokenKey key);

  /** The refresh token {@code text} stands for, if well formed and its MAC checks out. */
  Optional<RefreshToken> readRefresh(String text, TokenKeys keys);
}
