package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.PlatformTokenStore;
import fairslot.testing.Aws;

/** The platform token store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbPlatformTokenStoreIT extends PlatformTokenStoreContract {
  @Override
  protected PlatformTokenStore fresh() {
    return new DynamoDbPlatformTokenStore(
        Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
