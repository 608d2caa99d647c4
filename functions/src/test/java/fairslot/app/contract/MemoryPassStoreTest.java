package fairslot.app.contract;

import fairslot.app.memory.MemoryCatalogStore;
import fairslot.app.memory.MemoryPassStore;
import fairslot.app.memory.MemoryTables;

/** The pass store contract on the in-memory fake. */
class MemoryPassStoreTest extends PassStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryCatalogStore(tables), new MemoryPassStore(tables));
  }
}
