package fairslot.app.contract;

import fairslot.app.WechatIdentityStore;
import fairslot.app.memory.MemoryWechatIdentityStore;

/** The WeChat identity contract on the in-memory fake. */
class MemoryWechatIdentityStoreTest extends WechatIdentityStoreContract {
  @Override
  protected WechatIdentityStore fresh() {
    return new MemoryWechatIdentityStore();
  }
}
