package fairslot.payment.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryPaymentStore;
import fairslot.memory.MemoryTables;
import fairslot.memory.MemoryWalletStore;

/** The split payment contract on the in-memory fakes. */
class MemorySplitPaymentTest extends SplitPaymentContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryPaymentStore(tables),
        new MemoryWalletStore(tables));
  }
}
