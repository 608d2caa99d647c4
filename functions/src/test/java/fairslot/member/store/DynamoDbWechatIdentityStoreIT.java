package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.WechatIdentityStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The WeChat identity contract on the DynamoDB adapter, against the emulator. */
class DynamoDbWechatIdentityStoreIT extends WechatIdentityStoreContract {
  @Override
  protected WechatIdentityStore fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    return new DynamoDbWechatIdentityStore(dynamo, Aws.freshTable("contract"));
  }
}
