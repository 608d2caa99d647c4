package fairslot.booking.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryTables;

/** The booking store contract on the in-memory fake. */
class MemoryBookingStoreTest extends BookingStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryCatalogStore(tables), new MemoryBookingStore(tables));
  }
}
