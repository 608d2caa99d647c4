package fairslot.member.store;

import fairslot.member.app.WechatAccountStore;
import fairslot.memory.MemoryWechatAccountStore;

/** The WeChat account contract on the in-memory fake. */
class MemoryWechatAccountStoreTest extends WechatAccountStoreContract {
  @Override
  protected WechatAccountStore fresh() {
    return new MemoryWechatAccountStore();
  }
}
