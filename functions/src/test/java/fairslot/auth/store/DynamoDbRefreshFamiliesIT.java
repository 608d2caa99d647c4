package fairslot.auth.store;

import fairslot.auth.app.RefreshFamilies;
import fairslot.aws.Resilient;
import fairslot.testing.Aws;

/** The refresh family contract on the DynamoDB adapter, against the emulator. */
class DynamoDbRefreshFamiliesIT extends RefreshFamiliesContract {
  @Override
  protected RefreshFamilies fresh() {
    return new DynamoDbRefreshFamilies(Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
