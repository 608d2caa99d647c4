package fairslot.payment.store;

import fairslot.aws.Resilient;
import fairslot.payment.app.ProviderRefs;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The provider ids contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideProviderRefsIT extends ProviderRefsContract {
  @Override
  protected ProviderRefs fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    return new DynamoDbProviderRefs(dynamo, Aws.freshDynoxideTable("contract"));
  }
}
