package fairslot.catalog.store;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A new resource, coach or room of a venue: put on condition the venue exists, in one transaction.
 */
final class VenueChildCreation {

  /** The named actions of the creation: a cancellation is read by these. */
  private enum Action {
    ALONGSIDE,
    ITEM,
    PART,
    VENUE
  }

  private final DynamoDbClient dynamo;
  private final String table;

  VenueChildCreation(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  /**
   * Puts a new item that belongs to a venue, on condition the venue exists (404 otherwise). An item
   * already there under the same id was put by a twin request (same Idempotency-Key): it is ours.
   */
  <T> Outcome<T> create(
      String venueId,
      Map<String, AttributeValue> item,
      List<Map<String, AttributeValue>> alongside,
      T created,
      Supplier<Optional<T>> existing) {
    return create(venueId, item, alongside, List.of(), created, existing);
  }

  /**
   * As above, with updates of the venue's other items made in the same transaction ({@code parts}:
   * a combined resource's parts, each on its own condition); one that fails refuses the creation as
   * INVALID_REQUEST.
   */
  <T> Outcome<T> create(
      String venueId,
      Map<String, AttributeValue> item,
      List<Map<String, AttributeValue>> alongside,
      List<TransactWriteItem> parts,
      T created,
      Supplier<Optional<T>> existing) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.VENUE, VenueChecks.exists(table, venueId))
            .add(
                Action.ITEM,
                TxItems.put(
                    Put.builder()
                        .tableName(table)
                        .item(item)
                        .conditionExpression("attribute_not_exists(PK)")))
            .addEach(
                Action.ALONGSIDE,
                alongside.stream()
                    .map(
                        a ->
                            TransactWriteItem.builder()
                                .put(Put.builder().tableName(table).item(a).build())
                                .build())
                    .toList())
            .addEach(Action.PART, parts)
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return Outcome.done(created);
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    if (cancelled.get().failed(Action.ITEM)) {
      return existing
          .get()
          .<Outcome<T>>map(Outcome::done)
          .orElseThrow(() -> cancelled.get().exception());
    }
    if (cancelled.get().failedAny(Action.PART)) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST,
          "each part must be an EXCLUSIVE resource of this venue that is not itself combined");
    }
    throw cancelled.get().exception();
  }
}
