package fairslot.member.app;

import fairslot.kernel.Unavailable;
import fairslot.member.app.PlatformTokenStore.PlatformToken;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The platform {@code access_token} every WeChat server call needs: read from the table (one token
 * for all functions, never fetched per cold start), fetched from {@code stable_token} by one caller
 * at a time (a lease) when it is within {@link #AHEAD} of its expiry, and kept in memory between
 * calls of this container while it is fresh.
 */
public final class PlatformAccessTokens {
  /** A token this close to its expiry is fetched again (WeChat's own advice is 5 minutes). */
  static final Duration AHEAD = Duration.ofMinutes(5);

  /** How long a fetcher may hold the lease: one stable_token call and one write. */
  static final Duration LEASE = Duration.ofSeconds(20);

  /** While another caller fetches, how often and how many times this one looks again. */
  private static final Duration LOOK_AGAIN = Duration.ofMillis(200);

  private static final int LOOKS = 15;

  private final PlatformTokenStore store;
  private final WechatPlatform wechat;
  private final String appId;
  private final Clock clock;
  private final String me = UUID.randomUUID().toString();
  private volatile PlatformToken cached;

  public PlatformAccessTokens(
      PlatformTokenStore store, WechatPlatform wechat, String appId, Clock clock) {
    this.store = store;
    this.wechat = wechat;
    this.appId = appId;
    this.clock = clock;
  }

  /** A token WeChat accepts now; {@code Unavailable} (503) when none can be had. */
  public String token() {
    PlatformToken known = cached;
    if (known != null && fresh(known, clock.instant())) {
      return known.value();
    }
    for (int look = 0; look < LOOKS; look++) {
      Instant now = clock.instant();
      Optional<PlatformToken> kept = store.current(appId);
      if (kept.isPresent() && fresh(kept.get(), now)) {
        cached = kept.get();
        return cached.value();
      }
      if (store.lease(appId, me, now, now.plus(LEASE))) {
        PlatformToken fetched = wechat.stableToken();
        store.keep(appId, me, fetched); // lost only if the lease ran out: the token is good anyway
        cached = fetched;
        return fetched.value();
      }
      // Another caller is fetching: its old token still works until it expires.
      if (kept.isPresent() && kept.get().expiresAt().isAfter(now)) {
        return kept.get().value();
      }
      pause();
    }
    throw new Unavailable("WeChat's access token is being fetched; try again", null);
  }

  /**
   * WeChat refused {@code token} before its time (a forced stable_token call elsewhere made a new
   * one): it is forgotten here and marked expired in the table, so the next {@link #token()} asks
   * stable_token, which answers the token that is current now.
   */
  public void rejected(String token) {
    PlatformToken known = cached;
    if (known != null && known.value().equals(token)) {
      cached = null;
    }
    store.expire(appId, token, clock.instant());
  }

  private static boolean fresh(PlatformToken t, Instant now) {
    return t.expiresAt().minus(AHEAD).isAfter(now);
  }

  private static void pause() {
    try {
      Thread.sleep(LOOK_AGAIN.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unavailable("interrupted", e);
    }
  }
}
