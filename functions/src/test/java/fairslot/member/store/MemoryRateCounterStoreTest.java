package fairslot.member.store;

import fairslot.member.app.RateCounterStore;
import fairslot.memory.MemoryRateCounterStore;

/** The rate counter contract on the in-memory fake. */
class MemoryRateCounterStoreTest extends RateCounterStoreContract {
  @Override
  protected RateCounterStore fresh() {
    return new MemoryRateCounterStore();
  }
}
