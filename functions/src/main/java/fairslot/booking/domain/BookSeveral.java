package fairslot.booking.domain;

import fairslot.kernel.IdempotentRequest;
import java.util.List;
import java.util.Optional;

/**
 * A booking of several slots (v1.2 {@code slotIds}); {@code actor} is who asked: the member, or the
 * desk booking for a walk-in.
 */
public record BookSeveral(
    String userId,
    List<String> slotIds,
    int quantity,
    Optional<IdempotentRequest> idempotency,
    String actor,
    Optional<String> passId) {

  public BookSeveral {
    slotIds = List.copyOf(slotIds);
  }

  public Placement placement() {
    return new Book(userId, slotIds.get(0), quantity, false, idempotency, actor).placement();
  }
}
