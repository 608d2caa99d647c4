package fairslot.app.contract;

import fairslot.app.memory.MemoryContactCodeStore;
import fairslot.app.memory.MemoryMemberProfileStore;
import fairslot.app.memory.MemoryProfileStore;

/** Proving contact points on the in-memory fakes. */
class MemoryContactVerificationTest extends ContactVerificationContract {
  @Override
  protected Stores fresh() {
    MemoryContactCodeStore codes = new MemoryContactCodeStore();
    return new Stores(new MemoryMemberProfileStore(codes), new MemoryProfileStore(), codes);
  }
}
