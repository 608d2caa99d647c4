package fairslot.booking.store;

import fairslot.booking.app.RequestStore;
import fairslot.memory.MemoryRequestStore;
import fairslot.memory.MemoryTables;

/** The request store contract on the in-memory fake. */
class MemoryRequestStoreTest extends RequestStoreContract {
  @Override
  protected RequestStore fresh() {
    return new MemoryRequestStore(new MemoryTables());
  }
}
