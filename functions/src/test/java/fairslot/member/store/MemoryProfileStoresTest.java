package fairslot.member.store;

import fairslot.memory.MemoryContactCodeStore;
import fairslot.memory.MemoryCustomerProfileStore;
import fairslot.memory.MemoryMemberProfileStore;

/** The profile stores' contract on the in-memory fakes. */
class MemoryProfileStoresTest extends ProfileStoresContract {
  @Override
  protected Stores fresh() {
    return new Stores(
        new MemoryMemberProfileStore(new MemoryContactCodeStore()),
        new MemoryCustomerProfileStore());
  }
}
