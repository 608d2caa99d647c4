package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.WechatAccountStore;
import fairslot.testing.Aws;

/** The WeChat account contract on the DynamoDB adapter, against the emulator. */
class DynamoDbWechatAccountStoreIT extends WechatAccountStoreContract {
  @Override
  protected WechatAccountStore fresh() {
    return new DynamoDbWechatAccountStore(
        Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
