package fairslot.booking.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryTables;

/** The group booking contract on the in-memory fake. */
class MemoryGroupBookingTest extends GroupBookingContract {
  @Override
  protected BookingStoreContract.Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new BookingStoreContract.Stores(
        new MemoryCatalogStore(tables), new MemoryBookingStore(tables));
  }
}
