package fairslot.membership.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import fairslot.wallet.store.DynamoDbWalletStore;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The membership store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideMembershipStoreIT extends MembershipStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("membership");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbMembershipStore(dynamo, table),
        new DynamoDbWalletStore(dynamo, table));
  }
}
