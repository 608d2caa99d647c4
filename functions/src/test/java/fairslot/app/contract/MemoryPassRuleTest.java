package fairslot.app.contract;

import fairslot.app.memory.MemoryBookingStore;
import fairslot.app.memory.MemoryCatalogStore;
import fairslot.app.memory.MemoryPassStore;
import fairslot.app.memory.MemoryTables;

/** The pass rule's check and condition held equal on the in-memory fake. */
class MemoryPassRuleTest extends PassRuleContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryPassStore(tables));
  }
}
