package fairslot.auth.domain;

import java.util.Arrays;

/**
 * One key fairslot signs its own tokens with: {@code kid} names it in a token's header (the
 * secret's version in AWS), so a token signed before a rotation still verifies while it lives. The
 * key bytes are never printed.
 */
public record TokenKey(String kid, byte[] secret) {
  public TokenKey {
    if (kid == null || kid.isBlank() || secret == null || secret.length < 32) {
      throw new IllegalArgumentException("a token key needs a kid and at least 32 bytes");
    }
    secret = secret.clone();
  }

  @Override
  public byte[] secret() {
    return secret.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TokenKey k && k.kid.equals(kid) && Arrays.equals(k.secret, secret);
  }

  @Override
  public int hashCode() {
    return kid.hashCode();
  }

  @Override
  public String toString() {
    return "TokenKey[" + kid + "]";
  }
}
