package fairslot.app.contract;

import fairslot.app.RequestStore;
import fairslot.app.memory.MemoryRequestStore;
import fairslot.app.memory.MemoryTables;

/** The request store contract on the in-memory fake. */
class MemoryRequestStoreTest extends RequestStoreContract {
  @Override
  protected RequestStore fresh() {
    return new MemoryRequestStore(new MemoryTables());
  }
}
