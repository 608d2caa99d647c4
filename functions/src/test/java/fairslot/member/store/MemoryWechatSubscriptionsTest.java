package fairslot.member.store;

import fairslot.member.app.WechatSubscriptions;
import fairslot.memory.MemoryWechatSubscriptions;

/** The subscribe-message grants contract on the in-memory fake. */
class MemoryWechatSubscriptionsTest extends WechatSubscriptionsContract {
  @Override
  protected WechatSubscriptions fresh() {
    return new MemoryWechatSubscriptions();
  }
}
