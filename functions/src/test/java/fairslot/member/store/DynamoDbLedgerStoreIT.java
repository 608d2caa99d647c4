package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.booking.store.DynamoDbLedgerStore;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.table.Keys;
import fairslot.testing.Aws;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The ledger store contract on the DynamoDB adapter, against the emulator (moto). */
class DynamoDbLedgerStoreIT extends LedgerStoreContract {
  private DynamoDbClient dynamo;
  private String table;

  /** The DynamoDB under test and a fresh table in it. */
  protected DynamoDbClient client() {
    return Aws.dynamo();
  }

  protected String freshTable() {
    return Aws.freshTable("ledger");
  }

  @Override
  protected Stores fresh() {
    dynamo = Resilient.dynamo(client());
    table = freshTable();
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbLedgerStore(dynamo, table));
  }

  @Override
  protected void skew(String slotId, int delta) {
    dynamo.updateItem(
        r ->
            r.tableName(table)
                .key(
                    Map.of(
                        "PK", AttributeValue.fromS(Keys.slot(slotId)),
                        "SK", AttributeValue.fromS("SLOT")))
                .updateExpression("ADD remaining :d")
                .expressionAttributeValues(
                    Map.of(":d", AttributeValue.fromN(Integer.toString(delta)))));
  }
}
