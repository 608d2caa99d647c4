package fairslot.member.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A code sent to prove an address (v1.2 "Verified contact points"): six digits to {@code target} on
 * {@code channel} (SMS: a phone, EMAIL: an address), stored only as a salted SHA-256, valid for
 * {@link #LIFETIME} and for {@link #MAX_TRIES} wrong guesses. A new code replaces the old one.
 */
public record ContactCode(
    String userId,
    Channel channel,
    String target,
    String salt,
    String hash,
    Instant expiresAt,
    int misses) {

  public static final Duration LIFETIME = Duration.ofMinutes(10);
  public static final int MAX_TRIES = 5;

  public ContactCode {
    if (channel == Channel.IN_APP) {
      throw new IllegalArgumentException("codes go by SMS or e-mail");
    }
  }

  /** A fresh challenge for {@code code} (the caller sends the digits, and keeps only this). */
  public static ContactCode issue(
      String userId, Channel channel, String target, String code, String salt, Instant now) {
    return new ContactCode(
        userId, channel, target, salt, digest(salt, code), now.plus(LIFETIME), 0);
  }

  /** What a guess earns, judged in this order: expired, out of tries, wrong, right. */
  public Verdict judge(String guess, Instant now) {
    if (!now.isBefore(expiresAt)) {
      return Verdict.EXPIRED;
    }
    if (misses >= MAX_TRIES) {
      return Verdict.EXHAUSTED;
    }
    return MessageDigest.isEqual(
            digest(salt, guess).getBytes(StandardCharsets.US_ASCII),
            hash.getBytes(StandardCharsets.US_ASCII))
        ? Verdict.RIGHT
        : Verdict.WRONG;
  }

  public ContactCode missed() {
    return new ContactCode(userId, channel, target, salt, hash, expiresAt, misses + 1);
  }

  public int triesLeft() {
    return Math.max(0, MAX_TRIES - misses);
  }

  /** Six digits, and nothing else, is a code at all. */
  public static boolean wellFormed(String guess) {
    return guess != null && guess.matches("[0-9]{6}");
  }

  public enum Verdict {
    RIGHT,
    WRONG,
    EXPIRED,
    EXHAUSTED
  }

  private static String digest(String salt, String code) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of()
          .formatHex(sha.digest((salt + ":" + code).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
