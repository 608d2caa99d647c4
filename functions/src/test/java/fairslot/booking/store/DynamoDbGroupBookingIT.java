package fairslot.booking.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The group booking contract on the DynamoDB adapter, against the emulator. */
class DynamoDbGroupBookingIT extends GroupBookingContract {
  @Override
  protected BookingStoreContract.Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new BookingStoreContract.Stores(
        new DynamoDbCatalogStore(dynamo, table), new DynamoDbBookingStore(dynamo, table));
  }
}
