package fairslot.messaging.auth;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.auth.app.TokenCodec;
import fairslot.auth.domain.AccessClaims;
import fairslot.auth.domain.RefreshToken;
import fairslot.auth.domain.TokenKey;
import fairslot.auth.domain.TokenKeys;
import fairslot.shared.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;

/**
 * fairslot's tokens with the JDK's HMAC-SHA256: access tokens as HS256 JWS (the header names the
 * key's kid), refresh tokens as {@code <familyId>.<generation>.<kid>.<mac>} with the MAC under a
 * key derived from the signing key for that one purpose.
 */
public final class HmacTokens implements TokenCodec {
  private static final byte[] REFRESH_PURPOSE =
      "fairslot refresh token".getBytes(StandardCharsets.UTF_8);
  private static final int MAX_REFRESH_CHARS = 300;

  @Override
  public String sign(AccessClaims c, TokenKey key) {
    return Jws.signHs256(
        key.kid(),
        Json.object()
            .put("iss", c.issuer())
            .put("aud", c.audience())
            .put("sub", c.subject())
            .put("token_use", c.tokenUse())
            .put("iat", c.issuedAt())
            .put("exp", c.expiresAt()),
        key.secret());
  }

  @Override
  public Optional<AccessClaims> read(String token, TokenKeys keys) {
    Optional<Jws> jws = Jws.parse(token);
    if (jws.isEmpty()) {
      return Optional.empty();
    }
    Optional<TokenKey> key = keys.byKid(jws.get().kid());
    if (key.isEmpty() || !jws.get().verifiesHs256(key.get().secret())) {
      return Optional.empty();
    }
    JsonNode c = jws.get().claims();
    if (!c.path("iat").canConvertToLong() || !c.path("exp").canConvertToLong()) {
      return Optional.empty();
    }
    return Optional.of(
        new AccessClaims(
            c.path("iss").asText(""),
            c.path("aud").asText(""),
            c.path("sub").asText(""),
            c.path("token_use").asText(""),
            c.path("iat").asLong(),
            c.path("exp").asLong()));
  }

  @Override
  public String refreshText(RefreshToken token, TokenKey key) {
    return token.familyId()
        + "."
        + token.generation()
        + "."
        + token.kid()
        + "."
        + Jws.encode(mac(token, key));
  }

  @Override
  public Optional<RefreshToken> readRefresh(String text, TokenKeys keys) {
    if (text == null || text.length() > MAX_REFRESH_CHARS) {
      return Optional.empty();
    }
    String[] parts = text.split("\\.", -1);
    if (parts.length != 4 || !parts[1].matches("[0-9]{1,12}")) {
      return Optional.empty();
    }
    RefreshToken token;
    byte[] mac;
    try {
      token = new RefreshToken(parts[0], Long.parseLong(parts[1]), parts[2]);
      mac = Base64.getUrlDecoder().decode(parts[3]);
    } catch (IllegalArgumentException malformed) {
      return Optional.empty();
    }
    return keys.byKid(token.kid())
        .filter(key -> MessageDigest.isEqual(mac(token, key), mac))
        .map(key -> token);
  }

  private static byte[] mac(RefreshToken token, TokenKey key) {
    byte[] refreshKey = Jws.hs256(key.secret(), REFRESH_PURPOSE);
    return Jws.hs256(refreshKey, token.macInput().getBytes(StandardCharsets.US_ASCII));
  }
}
