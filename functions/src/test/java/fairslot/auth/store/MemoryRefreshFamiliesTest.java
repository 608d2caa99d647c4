package fairslot.auth.store;

import fairslot.auth.app.RefreshFamilies;
import fairslot.memory.MemoryRefreshFamilies;

/** The refresh family contract on the in-memory fake. */
class MemoryRefreshFamiliesTest extends RefreshFamiliesContract {
  @Override
  protected RefreshFamilies fresh() {
    return new MemoryRefreshFamilies();
  }
}
