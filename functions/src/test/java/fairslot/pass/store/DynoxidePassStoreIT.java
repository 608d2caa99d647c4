package fairslot.pass.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The pass store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxidePassStoreIT extends PassStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table), new DynamoDbPassStore(dynamo, table));
  }
}
