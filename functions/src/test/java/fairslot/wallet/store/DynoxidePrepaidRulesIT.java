package fairslot.wallet.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.pass.store.DynamoDbPassStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The prepaid rules' guard on the DynamoDB adapters, against dynoxide (a second DynamoDB). */
class DynoxidePrepaidRulesIT extends PrepaidRulesContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("prepaid");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbWalletStore(dynamo, table),
        new DynamoDbPassStore(dynamo, table));
  }
}
