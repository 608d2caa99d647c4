package fairslot.booking.domain;

import fairslot.kernel.IdempotentRequest;
import java.util.Optional;

/**
 * {@code actor} is who asked: the member, or the desk booking for a walk-in; {@code couponCode} as
 * coupons keep it (upper case), when one is to take a redemption.
 */
public record Book(
    String userId,
    String slotId,
    int quantity,
    boolean joinWaitlist,
    Optional<IdempotentRequest> idempotency,
    String actor,
    Optional<String> passId,
    Optional<String> couponCode) {

  /** A booking with no coupon: paid with money, or with {@code passId}'s credits. */
  public Book(
      String userId,
      String slotId,
      int quantity,
      boolean joinWaitlist,
      Optional<IdempotentRequest> idempotency,
      String actor,
      Optional<String> passId) {
    this(userId, slotId, quantity, joinWaitlist, idempotency, actor, passId, Optional.empty());
  }

  /** A booking paid with money. */
  public Book(
      String userId,
      String slotId,
      int quantity,
      boolean joinWaitlist,
      Optional<IdempotentRequest> idempotency,
      String actor) {
    this(userId, slotId, quantity, joinWaitlist, idempotency, actor, Optional.empty());
  }

  /** The kind of placement: the member's own, or the desk's for a customer. */
  public Placement placement() {
    return actor.equals(userId)
        ? new Placement.ByMember(userId, idempotency)
        : new Placement.AtDesk(userId, actor, idempotency);
  }

  public static Book byMember(
      String userId,
      String slotId,
      int quantity,
      boolean joinWaitlist,
      Optional<IdempotentRequest> idempotency) {
    return new Book(userId, slotId, quantity, joinWaitlist, idempotency, userId);
  }
}
