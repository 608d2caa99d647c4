package fairslot.wallet.store;

import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryTables;
import fairslot.memory.MemoryWalletStore;

/** The wallet store contract on the in-memory fake. */
class MemoryWalletStoreTest extends WalletStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(new MemoryCatalogStore(tables), new MemoryWalletStore(tables));
  }
}
