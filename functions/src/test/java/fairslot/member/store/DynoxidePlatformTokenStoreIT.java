package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.PlatformTokenStore;
import fairslot.testing.Aws;

/**
 * The platform token store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB).
 */
class DynoxidePlatformTokenStoreIT extends PlatformTokenStoreContract {
  @Override
  protected PlatformTokenStore fresh() {
    return new DynamoDbPlatformTokenStore(
        Resilient.dynamo(Aws.dynoxide()), Aws.freshDynoxideTable("contract"));
  }
}
