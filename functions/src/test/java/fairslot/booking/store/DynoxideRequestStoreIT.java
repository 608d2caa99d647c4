package fairslot.booking.store;

import fairslot.aws.Resilient;
import fairslot.booking.app.RequestStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The request store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideRequestStoreIT extends RequestStoreContract {
  @Override
  protected RequestStore fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    return new DynamoDbRequestStore(dynamo, Aws.freshDynoxideTable("contract"));
  }
}
