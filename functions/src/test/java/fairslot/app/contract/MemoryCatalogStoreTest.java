package fairslot.app.contract;

import fairslot.app.memory.MemoryBookingStore;
import fairslot.app.memory.MemoryCatalogStore;
import fairslot.app.memory.MemoryTables;

/** The catalog store contract on the in-memory fake. */
class MemoryCatalogStoreTest extends CatalogStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryCatalogStore(tables), new MemoryBookingStore(tables));
  }
}
