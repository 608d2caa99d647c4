package fairslot.wallet.store;

import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryPassStore;
import fairslot.memory.MemoryTables;
import fairslot.memory.MemoryWalletStore;

/** The prepaid rules' guard on the in-memory fakes. */
class MemoryPrepaidRulesTest extends PrepaidRulesContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables), new MemoryWalletStore(tables), new MemoryPassStore(tables));
  }
}
