package fairslot.member.store;

import fairslot.memory.MemoryContactCodeStore;
import fairslot.memory.MemoryCustomerProfileStore;
import fairslot.memory.MemoryMemberProfileStore;

/** Proving contact points on the in-memory fakes. */
class MemoryContactVerificationTest extends ContactVerificationContract {
  @Override
  protected Stores fresh() {
    MemoryContactCodeStore codes = new MemoryContactCodeStore();
    return new Stores(new MemoryMemberProfileStore(codes), new MemoryCustomerProfileStore(), codes);
  }
}
