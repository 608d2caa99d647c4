package fairslot.auth.app;

import java.time.Duration;
import java.time.Instant;

/**
 * Port: one item per sign-in (a family of refresh tokens), its generation moved by each refresh.
 */
public interface RefreshFamilies {

  /**
   * How long after a refresh the token it used still answers, with the same next generation: a
   * client whose answer was lost (a dropped connection, a 503) tries again and gets its tokens,
   * instead of revoking its own sign-in. Later, the old token is a reuse.
   */
  Duration RETRY_LEEWAY = Duration.ofSeconds(30);

  /** A new family at generation 0, usable until {@code expiresAt}. */
  void start(String familyId, String userId, Instant expiresAt);

  /**
   * Moves the family from {@code generation} to the next, on condition it is at {@code generation},
   * not revoked and not expired at {@code now}; the next generation is usable until {@code
   * expiresAt}. A rotation whose answer was lost and retried reads as applied, and so does the same
   * generation presented again within {@link #RETRY_LEEWAY} of its rotation while the next one is
   * unused (the same next generation is answered).
   */
  Rotation rotate(String familyId, long generation, Instant now, Instant expiresAt);

  /** Revokes the family: no token of it refreshes again. */
  void revoke(String familyId, Instant at);

  /** What a rotation found. */
  sealed interface Rotation {
    /** Moved on: the family is the member's. */
    record Rotated(String userId) implements Rotation {}

    /** The family has moved past this generation: an older token is being reused. */
    record Reused() implements Rotation {}

    /** No such family, or revoked, or expired. */
    record Ended() implements Rotation {}
  }
}
