package fairslot.privacy.store;

import fairslot.memory.MemoryErasureStore;
import fairslot.privacy.app.ErasureStore;

/** The erasure store contract on the in-memory fake the unit tests use. */
class MemoryErasureStoreTest extends ErasureStoreContract {
  @Override
  protected ErasureStore fresh() {
    return new MemoryErasureStore();
  }
}
