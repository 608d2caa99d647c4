package fairslot.auth.domain;

import java.util.List;
import java.util.Optional;

/** The key new tokens are signed with, and every key a token may still carry (current first). */
public record TokenKeys(TokenKey current, List<TokenKey> accepted) {
  public TokenKeys {
    accepted = List.copyOf(accepted);
    if (!accepted.contains(current)) {
      throw new IllegalArgumentException("the current key must be accepted");
    }
  }

  public static TokenKeys of(TokenKey only) {
    return new TokenKeys(only, List.of(only));
  }

  public Optional<TokenKey> byKid(String kid) {
    return accepted.stream().filter(k -> k.kid().equals(kid)).findFirst();
  }
}
