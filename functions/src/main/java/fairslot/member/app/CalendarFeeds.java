package fairslot.member.app;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A member's secret calendar feed (API.md v1.2 "Calendar"). The token is the member's id and a
 * 128-bit tag, HMAC-SHA256 of the id and the feed's version under the deployment's calendar key:
 * nothing secret is stored, a feed URL cannot be guessed or edited into another member's, and a
 * rotation (the version one step on) makes every earlier URL stop working.
 */
public final class CalendarFeeds {
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder UNB64 = Base64.getUrlDecoder();
  private static final int TAG_BYTES = 16;

  private final CalendarFeedStore store;
  private final FeedKey key;

  public CalendarFeeds(CalendarFeedStore store, FeedKey key) {
    this.store = store;
    this.key = key;
  }

  /** The member's current token (the feed is made on first ask). */
  public String token(String userId) {
    return token(userId, store.current(userId));
  }

  /** A new token; the old one stops working at once. */
  public String rotate(String userId) {
    return token(userId, store.rotate(userId));
  }

  /** Whose feed {@code token} opens now: empty for a forged, edited or rotated-away token. */
  public Optional<String> member(String token) {
    if (token == null || token.length() > 400) {
      return Optional.empty();
    }
    int dot = token.indexOf('.');
    if (dot <= 0 || dot != token.lastIndexOf('.')) {
      return Optional.empty();
    }
    String userId;
    byte[] tag;
    try {
      userId = new String(UNB64.decode(token.substring(0, dot)), StandardCharsets.UTF_8);
      tag = UNB64.decode(token.substring(dot + 1));
    } catch (IllegalArgumentException notBase64) {
      return Optional.empty();
    }
    if (userId.isBlank() || tag.length != TAG_BYTES) {
      return Optional.empty();
    }
    OptionalLong version = store.find(userId);
    return version.isPresent() && MessageDigest.isEqual(tag, tag(userId, version.getAsLong()))
        ? Optional.of(userId)
        : Optional.empty();
  }

  private String token(String userId, long version) {
    return B64.encodeToString(userId.getBytes(StandardCharsets.UTF_8))
        + "."
        + B64.encodeToString(tag(userId, version));
  }

  private byte[] tag(String userId, long version) {
    byte[] full =
        key.tag(
            ("fairslot-calendar-feed:" + userId + ":" + version).getBytes(StandardCharsets.UTF_8));
    return Arrays.copyOf(full, TAG_BYTES);
  }
}
