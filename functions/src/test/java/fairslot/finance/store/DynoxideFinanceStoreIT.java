package fairslot.finance.store;

import fairslot.aws.Resilient;
import fairslot.payment.store.DynamoDbPaymentStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The finance store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideFinanceStoreIT extends FinanceStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new Stores(
        new DynamoDbPaymentStore(dynamo, table), new DynamoDbFinanceStore(dynamo, table));
  }
}
