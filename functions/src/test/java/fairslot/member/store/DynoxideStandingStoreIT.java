package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.booking.store.DynamoDbNoShowStore;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The standing store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideStandingStoreIT extends StandingStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbStandingStore(dynamo, table),
        new DynamoDbNoShowStore(dynamo, table));
  }
}
