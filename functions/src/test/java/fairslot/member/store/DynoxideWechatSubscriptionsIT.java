package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.WechatSubscriptions;
import fairslot.testing.Aws;

/** The subscribe-message grants contract on the DynamoDB adapter, against dynoxide. */
class DynoxideWechatSubscriptionsIT extends WechatSubscriptionsContract {
  @Override
  protected WechatSubscriptions fresh() {
    return new DynamoDbWechatSubscriptions(
        Resilient.dynamo(Aws.dynoxide()), Aws.freshDynoxideTable("contract"));
  }
}
