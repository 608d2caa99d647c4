package fairslot.member.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryLedgerStore;
import fairslot.memory.MemoryTables;

/** The ledger store contract on the in-memory fake. */
class MemoryLedgerStoreTest extends LedgerStoreContract {
  private MemoryTables tables;

  @Override
  protected Stores fresh() {
    tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryLedgerStore(tables));
  }

  @Override
  protected void skew(String slotId, int delta) {
    tables.skewRemaining(slotId, delta);
  }
}
