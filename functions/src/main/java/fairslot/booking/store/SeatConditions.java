package fairslot.booking.store;

import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.store.CounterpartLinks;
import fairslot.kernel.Money;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * The seat condition read back: why it failed, from the slot as it was, and the cheap look (probe)
 * that answers the crowd behind a sell-out with the same judgement.
 */
final class SeatConditions {
  private final DynamoDbClient dynamo;
  private final String table;

  SeatConditions(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  /**
   * Why the seat condition failed, from the slot as it was (ALL_OLD); {@code newSale} is the
   * booking whose terms (price, policy revision) the condition named.
   */
  static PlaceResult slotRefusal(
      Optional<Map<String, AttributeValue>> slot, Instant now, Optional<Booking> newSale) {
    if (slot.isEmpty()) {
      return new PlaceResult.SlotMissing();
    }
    if (!SlotStatus.OPEN.name().equals(Attr.str(slot.get(), "status"))
        || slot.get().containsKey("venueDisabled")
        || slot.get().containsKey("resourceDisabled")) {
      return new PlaceResult.SlotNotOpen();
    }
    if (!Attr.instant(slot.get(), "startAt").isAfter(now)) {
      return new PlaceResult.SlotStarted();
    }
    if (newSale.isPresent() && termsChanged(slot.get(), newSale.get())) {
      return new PlaceResult.TermsChanged();
    }
    return new PlaceResult.SoldOut(
        Attr.integer(slot.get(), "remaining") - Attr.integer(slot.get(), "forWaitlist"));
  }

  private static boolean termsChanged(Map<String, AttributeValue> slot, Booking b) {
    if (!CounterpartLinks.linksAsRead(b.slot().counterparts(), slot)) {
      return true; // a counterpart was created since the slot was read: read it again
    }
    if (b.pass().isPresent()) {
      return Attr.numOr(slot, "venueRev", 0) != b.slot().policyRev(); // no money price to match
    }
    Money unit = BookingClaims.unitPrice(b);
    return Attr.num(slot, "priceMinor") != unit.minor()
        || !Attr.str(slot, "currency").equals(unit.currency())
        || Attr.numOr(slot, "venueRev", 0) != b.slot().policyRev();
  }

  Optional<PlaceResult> probe(Booking b, Instant now) {
    // One consistent read of the two items the booking's first conditions are about, projected to
    // the attributes those conditions name. A refusal read at one instant is as true as one a
    // failed condition reports; a "could book" decides nothing: the transaction does.
    Map<String, AttributeValue> slotKey = Attr.key(Keys.slot(b.slotId()), "SLOT");
    Map<String, AttributeValue> guardKey =
        Attr.key(Keys.slot(b.slotId()), Keys.memberGuard(b.userId()));
    var response =
        dynamo.batchGetItem(
            r ->
                r.requestItems(
                    Map.of(
                        table,
                        KeysAndAttributes.builder()
                            .keys(slotKey, guardKey)
                            .consistentRead(true)
                            .projectionExpression(
                                "PK, SK, #status, startAt, remaining, forWaitlist, bookingId,"
                                    + " venueDisabled, resourceDisabled")
                            .expressionAttributeNames(Map.of("#status", "status"))
                            .build())));
    if (response.hasUnprocessedKeys() && !response.unprocessedKeys().isEmpty()) {
      return Optional.empty(); // throttled in part: a missing item here proves nothing
    }
    List<Map<String, AttributeValue>> items = response.responses().getOrDefault(table, List.of());
    Optional<Map<String, AttributeValue>> slot =
        items.stream().filter(i -> Attr.str(i, Keys.SK).equals("SLOT")).findFirst();
    Optional<Map<String, AttributeValue>> guard =
        items.stream()
            .filter(i -> Attr.str(i, Keys.SK).equals(Keys.memberGuard(b.userId())))
            .findFirst();
    if (guard.isPresent()) {
      return Optional.of(new PlaceResult.AlreadyBooked(Attr.str(guard.get(), "bookingId")));
    }
    PlaceResult refusal = slotRefusal(slot, now, Optional.empty());
    if (refusal instanceof PlaceResult.SoldOut soldOut
        && soldOut.remaining() >= b.quantity()
        && Attr.integer(slot.get(), "forWaitlist") == 0) {
      return Optional.empty(); // seats there: let the transaction take them
    }
    return Optional.of(refusal);
  }
}
