package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.RateCounterStore;
import fairslot.testing.Aws;

/** The rate counter contract on the DynamoDB adapter, against the emulator. */
class DynamoDbRateCounterStoreIT extends RateCounterStoreContract {
  @Override
  protected RateCounterStore fresh() {
    return new DynamoDbRateCounterStore(Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
