package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.WechatIdentityStore;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The WeChat identity contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideWechatIdentityStoreIT extends WechatIdentityStoreContract {
  @Override
  protected WechatIdentityStore fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    return new DynamoDbWechatIdentityStore(dynamo, Aws.freshDynoxideTable("contract"));
  }
}
