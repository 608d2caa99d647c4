package fairslot.payment.store;

import fairslot.aws.Resilient;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import fairslot.wallet.store.DynamoDbWalletStore;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The split payment contract on the DynamoDB adapters, against the emulator. */
class DynamoDbSplitPaymentIT extends SplitPaymentContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("split");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbPaymentStore(dynamo, table),
        new DynamoDbWalletStore(dynamo, table));
  }
}
