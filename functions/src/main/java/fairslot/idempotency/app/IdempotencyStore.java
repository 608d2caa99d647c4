package fairslot.idempotency.app;

import fairslot.kernel.IdempotentRequest;
import java.time.Instant;
import java.util.Optional;

/**
 * Port: idempotency records for creations outside the booking transaction (venues, resources,
 * slots). Bookings write theirs inside the booking transaction instead.
 */
public interface IdempotencyStore {

  /** The live record for {@code scope}, if one exists and is younger than 24 h. */
  Optional<Recorded> find(String scope, Instant now);

  /** Records the first response; false if a record for the scope already exists. */
  boolean record(IdempotentRequest request, StoredResponse response, Instant now);

  record Recorded(String fingerprint, StoredResponse response) {}
}
