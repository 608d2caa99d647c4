package fairslot.waitlist.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryTables;
import fairslot.memory.MemoryWaitlistStore;

/** The waitlist store contract on the in-memory fake. */
class MemoryWaitlistStoreTest extends WaitlistStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryWaitlistStore(tables));
  }
}
