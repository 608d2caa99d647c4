package fairslot.app.contract;

import fairslot.app.memory.MemoryBookingStore;
import fairslot.app.memory.MemoryCatalogStore;
import fairslot.app.memory.MemoryTables;
import fairslot.app.memory.MemoryWaitlistStore;

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
