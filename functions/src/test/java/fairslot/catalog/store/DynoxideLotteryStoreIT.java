package fairslot.catalog.store;

import fairslot.aws.Resilient;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The lottery store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideLotteryStoreIT extends LotteryStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbLotteryStore(dynamo, table));
  }
}
