package fairslot.catalog.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryLotteryStore;
import fairslot.memory.MemoryTables;

/** The lottery store contract on the in-memory fake the unit tests use. */
class MemoryLotteryStoreTest extends LotteryStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryLotteryStore(tables));
  }
}
