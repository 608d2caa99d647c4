package fairslot.pass.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The pass store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbPassStoreIT extends PassStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table), new DynamoDbPassStore(dynamo, table));
  }
}
