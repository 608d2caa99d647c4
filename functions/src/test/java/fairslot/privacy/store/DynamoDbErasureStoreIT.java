package fairslot.privacy.store;

import fairslot.aws.Resilient;
import fairslot.privacy.app.ErasureStore;
import fairslot.testing.Aws;

/** The erasure store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbErasureStoreIT extends ErasureStoreContract {
  @Override
  protected ErasureStore fresh() {
    return new DynamoDbErasureStore(Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
