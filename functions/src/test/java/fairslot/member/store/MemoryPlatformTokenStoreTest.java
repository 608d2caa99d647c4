package fairslot.member.store;

import fairslot.member.app.PlatformTokenStore;
import fairslot.memory.MemoryPlatformTokenStore;

/** The platform token store contract on the in-memory fake. */
class MemoryPlatformTokenStoreTest extends PlatformTokenStoreContract {
  @Override
  protected PlatformTokenStore fresh() {
    return new MemoryPlatformTokenStore();
  }
}
