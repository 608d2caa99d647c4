package fairslot.privacy.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * A member's request to be erased. While it is {@code REQUESTED} it names the pseudonym their
 * bookings and payments will carry; once {@code ERASED} nothing links the two any more.
 */
public record Erasure(
    String userId,
    Status status,
    Instant requestedAt,
    Optional<String> pseudonym,
    Optional<Instant> erasedAt) {

  public enum Status {
    REQUESTED,
    ERASED
  }

  public Erasure {
    if (status == Status.REQUESTED && pseudonym.isEmpty()) {
      throw new IllegalArgumentException("a pending erasure names its pseudonym");
    }
  }
}
