package fairslot.app.contract;

import fairslot.aws.Resilient;
import fairslot.store.dynamodb.DynamoDbCatalogStore;
import fairslot.store.dynamodb.DynamoDbPassStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The pass store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbPassStoreIT extends PassStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.wrap(DynamoDbClient.class, Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table), new DynamoDbPassStore(dynamo, table));
  }
}
