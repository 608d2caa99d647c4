package fairslot.payment.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryPaymentStore;
import fairslot.memory.MemoryTables;

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
