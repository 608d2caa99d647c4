package fairslot.catalog.store;

import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Venue;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The venue directory: one partition with an entry per venue, written with the venue. The table's
 * 20 indexes are taken, and a platform's venues are few (thousands at most, a few hundred bytes
 * each), so one paged query reads them all.
 */
final class VenueDirectory {
  private final DynamoDbClient dynamo;
  private final String table;

  VenueDirectory(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  /**
   * Creates the venue with its directory entry, so a venue is listed from the moment it exists;
   * false if a venue with its id exists already.
   */
  boolean create(Venue venue) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(
                Action.VENUE,
                TxItems.put(
                    Put.builder()
                        .tableName(table)
                        .item(VenueItemMapper.toItem(venue))
                        .conditionExpression("attribute_not_exists(PK)")))
            .add(
                TxItems.put(
                    Put.builder().tableName(table).item(VenueItemMapper.directoryEntry(venue))))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return false;
    }
    throw cancelled.get().exception();
  }

  /** The named action of a venue's creation. */
  private enum Action {
    VENUE
  }

  /** Every venue listed, whatever its status, in the directory's key order. */
  List<Venue> listed() {
    return RawItems.all(
            dynamo,
            QueryRequest.builder()
                .tableName(table)
                .keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", s(Keys.VENUE_DIRECTORY)))
                .build())
        .stream()
        .map(VenueItemMapper::fromItem)
        .toList();
  }
}
