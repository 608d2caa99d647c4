package fairslot.auth.domain;

import java.util.regex.Pattern;

/**
 * A refresh token's parts: {@code <familyId>.<generation>.<kid>.<mac>} as text. The family is one
 * sign-in; each refresh moves it to the next generation, and only the current generation's token
 * works. The MAC (computed by the codec under the key {@code kid} names) makes every generation's
 * token unforgeable, so presenting an older one proves that token was issued and is being reused —
 * which revokes the family — while a made-up one changes nothing.
 */
public record RefreshToken(String familyId, long generation, String kid) {
  private static final Pattern PART = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  public RefreshToken {
    if (familyId == null
        || kid == null
        || !PART.matcher(familyId).matches()
        || !PART.matcher(kid).matches()
        || generation < 0) {
      throw new IllegalArgumentException("not a refresh token's parts");
    }
  }

  /** What the MAC covers. */
  public String macInput() {
    return familyId + "." + generation;
  }
}
