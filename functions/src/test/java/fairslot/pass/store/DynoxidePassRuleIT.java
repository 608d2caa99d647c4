package fairslot.pass.store;

import fairslot.aws.Resilient;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The pass rule's check and condition held equal on the DynamoDB adapter, against dynoxide (a
 * second DynamoDB).
 */
class DynoxidePassRuleIT extends PassRuleContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbPassStore(dynamo, table));
  }
}
