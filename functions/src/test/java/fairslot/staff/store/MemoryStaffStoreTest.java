package fairslot.staff.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryStaffStore;
import fairslot.memory.MemoryTables;

/** The staff store contract on the in-memory fake. */
class MemoryStaffStoreTest extends StaffStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryStaffStore(tables), new MemoryBookingStore(tables));
  }
}
