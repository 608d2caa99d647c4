package fairslot.auth.app;

import fairslot.auth.domain.VerifiedCaller;
import java.util.List;
import java.util.Optional;

/** One kind of bearer token the API accepts: fairslot's own, or an identity provider's. */
@FunctionalInterface
public interface TokenCheck {

  /** Who the token speaks for, if this kind of token is valid; empty otherwise. */
  Optional<VerifiedCaller> check(String token);

  /** The first of {@code checks} that accepts the token. */
  static TokenCheck anyOf(List<TokenCheck> checks) {
    List<TokenCheck> all = List.copyOf(checks);
    return token -> all.stream().map(c -> c.check(token)).flatMap(Optional::stream).findFirst();
  }
}
