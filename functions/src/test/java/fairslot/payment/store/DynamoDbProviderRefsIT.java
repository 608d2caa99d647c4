package fairslot.payment.store;

import fairslot.aws.Resilient;
import fairslot.payment.app.ProviderRefs;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The provider ids contract on the DynamoDB adapter, against the emulator. */
class DynamoDbProviderRefsIT extends ProviderRefsContract {
  @Override
  protected ProviderRefs fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    return new DynamoDbProviderRefs(dynamo, Aws.freshTable("contract"));
  }
}
