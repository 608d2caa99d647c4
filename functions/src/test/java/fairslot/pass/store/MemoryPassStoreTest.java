package fairslot.pass.store;

import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryPassStore;
import fairslot.memory.MemoryTables;

/** The pass store contract on the in-memory fake. */
class MemoryPassStoreTest extends PassStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryCatalogStore(tables), new MemoryPassStore(tables));
  }
}
