package fairslot.app.contract;

import fairslot.app.memory.MemoryBookingStore;
import fairslot.app.memory.MemoryCatalogStore;
import fairslot.app.memory.MemoryStandingStore;
import fairslot.app.memory.MemoryTables;

/** The standing store contract on the in-memory fake. */
class MemoryStandingStoreTest extends StandingStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryStandingStore(tables));
  }
}
