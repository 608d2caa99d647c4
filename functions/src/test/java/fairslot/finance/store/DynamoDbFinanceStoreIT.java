package fairslot.finance.store;

import fairslot.aws.Resilient;
import fairslot.payment.store.DynamoDbPaymentStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The finance store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbFinanceStoreIT extends FinanceStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new Stores(
        new DynamoDbPaymentStore(dynamo, table), new DynamoDbFinanceStore(dynamo, table));
  }
}
