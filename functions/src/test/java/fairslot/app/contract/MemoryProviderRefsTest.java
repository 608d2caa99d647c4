package fairslot.app.contract;

import fairslot.app.ProviderRefs;
import fairslot.app.memory.MemoryProviderRefs;

/** The provider ids contract on the in-memory fake. */
class MemoryProviderRefsTest extends ProviderRefsContract {
  @Override
  protected ProviderRefs fresh() {
    return new MemoryProviderRefs();
  }
}
