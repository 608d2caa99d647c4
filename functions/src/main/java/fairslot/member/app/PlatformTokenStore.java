package fairslot.member.app;

import java.time.Instant;
import java.util.Optional;

/**
 * Port: the mini-program's platform {@code access_token}, kept once for every function (WeChat caps
 * how many a day may be fetched), with a lease so one caller at a time fetches a new one.
 */
public interface PlatformTokenStore {

  /** A token and when WeChat stops accepting it. */
  record PlatformToken(String value, Instant expiresAt) {
    /** Never the token itself: it is a credential, and records print their fields. */
    @Override
    public String toString() {
      return "PlatformToken[expiresAt=" + expiresAt + "]";
    }
  }

  /** The token kept for {@code appId}, read consistently; empty before the first fetch. */
  Optional<PlatformToken> current(String appId);

  /**
   * Takes the lease to fetch a new token until {@code until}, on condition nobody holds an
   * unexpired one at {@code now}; false when another caller holds it.
   */
  boolean lease(String appId, String holder, Instant now, Instant until);

  /** Keeps {@code token} and gives the lease up, on condition {@code holder} still holds it. */
  boolean keep(String appId, String holder, PlatformToken token);

  /**
   * Marks the kept token expired at {@code now}, on condition it is still {@code value} (WeChat
   * refused it early), so the next caller fetches the current one.
   */
  void expire(String appId, String value, Instant now);
}
