package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.WechatSubscriptions;
import fairslot.testing.Aws;

/** The subscribe-message grants contract on the DynamoDB adapter, against the emulator. */
class DynamoDbWechatSubscriptionsIT extends WechatSubscriptionsContract {
  @Override
  protected WechatSubscriptions fresh() {
    return new DynamoDbWechatSubscriptions(
        Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
