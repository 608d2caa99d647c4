package fairslot.pass.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryPassStore;
import fairslot.memory.MemoryTables;

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
