package fairslot.member.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryStandingStore;
import fairslot.memory.MemoryTables;

/** The standing store contract on the in-memory fake. */
class MemoryStandingStoreTest extends StandingStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    MemoryStandingStore standing = new MemoryStandingStore(tables);
    return new Stores(
        new MemoryCatalogStore(tables), new MemoryBookingStore(tables), standing, standing);
  }
}
