package fairslot.staff.store;

import fairslot.aws.Resilient;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The staff store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbStaffStoreIT extends StaffStoreContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new Stores(
        new DynamoDbStaffStore(dynamo, table), new DynamoDbBookingStore(dynamo, table));
  }
}
