package fairslot.catalog.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryTables;

/** The catalog store contract on the in-memory fake. */
class MemoryCatalogStoreTest extends CatalogStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryCatalogStore(tables), new MemoryBookingStore(tables));
  }
}
