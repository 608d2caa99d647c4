package fairslot.table;

import static fairslot.table.Attr.s;

import fairslot.kernel.PageRequest;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * What a venue sells and never changes (a pass, wallet or membership plan): written under its own
 * key and listed under its venue's, in one transaction with the condition that the venue sells
 * ({@code venueSells}, the catalog's check), and read back a page of the venue's listing at a time.
 * The plan stores' one way to do both.
 */
public final class VenueListings {
  private enum Action {
    LISTED,
    OWN,
    VENUE
  }

  private VenueListings() {}

  /**
   * False if the venue does not sell (disabled, unknown); true when written now or by a twin
   * request before (the own key was taken: it stands).
   */
  public static boolean create(
      DynamoDbClient dynamo,
      String table,
      TransactWriteItem venueSells,
      Map<String, AttributeValue> own,
      Map<String, AttributeValue> listed,
      TransactWriteItem audit) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.OWN, putNew(table, own))
            .add(Action.LISTED, putNew(table, listed))
            .add(Action.VENUE, venueSells)
            .add(audit)
            .commit(dynamo);
    if (cancelled.isPresent() && cancelled.get().failed(Action.VENUE)) {
      return false;
    }
    if (cancelled.isPresent() && !cancelled.get().failed(Action.OWN)) {
      throw cancelled.get().exception();
    }
    return true;
  }

  /** A page of the venue's listing under {@code prefix}, oldest key first, read strongly. */
  public static QueryResponse page(
      DynamoDbClient dynamo,
      String table,
      String venueId,
      String prefix,
      String list,
      PageRequest page) {
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
            .expressionAttributeValues(Map.of(":pk", s(Keys.venue(venueId)), ":prefix", s(prefix)))
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    return dynamo.query(query.build());
  }

  private static TransactWriteItem putNew(String table, Map<String, AttributeValue> item) {
    return TxItems.put(
        Put.builder().tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
  }
}
