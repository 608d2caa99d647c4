package fairslot.membership.store;

import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryMembershipStore;
import fairslot.memory.MemoryTables;
import fairslot.memory.MemoryWalletStore;

/** The membership store contract on the in-memory fake. */
class MemoryMembershipStoreTest extends MembershipStoreContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryMembershipStore(tables),
        new MemoryWalletStore(tables));
  }
}
