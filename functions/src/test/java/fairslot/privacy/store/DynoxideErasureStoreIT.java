package fairslot.privacy.store;

import fairslot.aws.Resilient;
import fairslot.privacy.app.ErasureStore;
import fairslot.testing.Aws;

/** The erasure store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideErasureStoreIT extends ErasureStoreContract {
  @Override
  protected ErasureStore fresh() {
    return new DynamoDbErasureStore(
        Resilient.dynamo(Aws.dynoxide()), Aws.freshDynoxideTable("contract"));
  }
}
