package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.RateCounterStore;
import fairslot.testing.Aws;

/** The rate counter contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideRateCounterStoreIT extends RateCounterStoreContract {
  @Override
  protected RateCounterStore fresh() {
    return new DynamoDbRateCounterStore(
        Resilient.dynamo(Aws.dynoxide()), Aws.freshDynoxideTable("contract"));
  }
}
