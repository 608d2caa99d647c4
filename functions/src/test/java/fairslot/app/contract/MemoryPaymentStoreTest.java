package fairslot.app.contract;

import fairslot.app.memory.MemoryBookingStore;
import fairslot.app.memory.MemoryCatalogStore;
import fairslot.app.memory.MemoryPaymentStore;
import fairslot.app.memory.MemoryTables;

/** The payment store contract on the in-memory fake. */
class MemoryPaymentStoreTest extends PaymentStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryPaymentStore(tables));
  }
}
