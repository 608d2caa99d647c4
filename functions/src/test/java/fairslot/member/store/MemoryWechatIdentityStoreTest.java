package fairslot.member.store;

import fairslot.member.app.WechatIdentityStore;
import fairslot.memory.MemoryWechatIdentityStore;

/** The WeChat identity contract on the in-memory fake. */
class MemoryWechatIdentityStoreTest extends WechatIdentityStoreContract {
  @Override
  protected WechatIdentityStore fresh() {
    return new MemoryWechatIdentityStore();
  }
}
