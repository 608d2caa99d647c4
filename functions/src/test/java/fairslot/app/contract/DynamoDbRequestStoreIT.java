package fairslot.app.contract;

import fairslot.app.RequestStore;
import fairslot.aws.Resilient;
import fairslot.store.dynamodb.DynamoDbRequestStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The request store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbRequestStoreIT extends RequestStoreContract {
  @Override
  protected RequestStore fresh() {
    DynamoDbClient dynamo = Resilient.wrap(DynamoDbClient.class, Aws.dynamo());
    return new DynamoDbRequestStore(dynamo, Aws.freshTable("contract"));
  }
}
