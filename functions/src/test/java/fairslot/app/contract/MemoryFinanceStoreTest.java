package fairslot.app.contract;

import fairslot.app.memory.MemoryFinanceStore;
import fairslot.app.memory.MemoryPaymentStore;
import fairslot.app.memory.MemoryTables;

/** The finance store contract on the in-memory fake. */
class MemoryFinanceStoreTest extends FinanceStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryPaymentStore(tables), new MemoryFinanceStore(tables));
  }
}
