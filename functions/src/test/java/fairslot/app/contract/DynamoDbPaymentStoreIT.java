package fairslot.app.contract;

import fairslot.aws.Resilient;
import fairslot.store.dynamodb.DynamoDbBookingStore;
import fairslot.store.dynamodb.DynamoDbCatalogStore;
import fairslot.store.dynamodb.DynamoDbPaymentStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The payment store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbPaymentStoreIT extends PaymentStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.wrap(DynamoDbClient.class, Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbPaymentStore(dynamo, table));
  }
}
