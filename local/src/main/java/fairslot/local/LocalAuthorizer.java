package fairslot.local;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.auth.app.TokenCheck;
import fairslot.auth.domain.VerifiedCaller;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The local stand-in for the API's Lambda authorizer: the contract's local HS256 tokens (standing
 * for Cognito's, signed with FAIRSLOT_JWT_SECRET) or fairslot's own tokens from {@code POST
 * /auth/wechat}, checked by the same code the authorizer runs.
 */
final class LocalAuthorizer {
  private final Hs256Jwt jwt;
  private final TokenCheck own;

  LocalAuthorizer(Hs256Jwt jwt, TokenCheck own) {
    this.jwt = jwt;
    this.own = own;
  }

  Hs256Jwt jwt() {
    return jwt;
  }

  Optional<VerifiedCaller> check(String token) {
    return jwt.verify(token).map(LocalAuthorizer::caller).or(() -> own.check(token));
  }

  private static VerifiedCaller caller(JsonNode claims) {
    Set<String> groups = new HashSet<>();
    claims.path("cognito:groups").forEach(g -> groups.add(g.asText()));
    return new VerifiedCaller(claims.path("sub").asText(), groups);
  }
}
