package fairslot.wallet.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The wallet store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbWalletStoreIT extends WalletStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table), new DynamoDbWalletStore(dynamo, table));
  }
}
