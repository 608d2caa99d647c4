package fairslot.booking.store;

import fairslot.aws.Resilient;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The group booking contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideGroupBookingIT extends GroupBookingContract {
  @Override
  protected BookingStoreContract.Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new BookingStoreContract.Stores(
        new DynamoDbCatalogStore(dynamo, table), new DynamoDbBookingStore(dynamo, table));
  }
}
