package fairslot.app.contract;

import fairslot.app.ProviderRefs;
import fairslot.aws.Resilient;
import fairslot.store.dynamodb.DynamoDbProviderRefs;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The provider ids contract on the DynamoDB adapter, against the emulator. */
class DynamoDbProviderRefsIT extends ProviderRefsContract {
  @Override
  protected ProviderRefs fresh() {
    DynamoDbClient dynamo = Resilient.wrap(DynamoDbClient.class, Aws.dynamo());
    return new DynamoDbProviderRefs(dynamo, Aws.freshTable("contract"));
  }
}
