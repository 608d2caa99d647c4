package fairslot.membership.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import fairslot.wallet.store.DynamoDbWalletStore;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The membership store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbMembershipStoreIT extends MembershipStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("membership");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbMembershipStore(dynamo, table),
        new DynamoDbWalletStore(dynamo, table));
  }
}
