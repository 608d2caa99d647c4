package fairslot.finance.store;

import fairslot.memory.MemoryFinanceStore;
import fairslot.memory.MemoryPaymentStore;
import fairslot.memory.MemoryTables;

/** The finance store contract on the in-memory fake. */
class MemoryFinanceStoreTest extends FinanceStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryPaymentStore(tables), new MemoryFinanceStore(tables));
  }
}
