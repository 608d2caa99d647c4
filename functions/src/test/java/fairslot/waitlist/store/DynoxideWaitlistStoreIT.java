package fairslot.waitlist.store;

import fairslot.aws.Resilient;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The waitlist store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideWaitlistStoreIT extends WaitlistStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbWaitlistStore(dynamo, table));
  }
}
