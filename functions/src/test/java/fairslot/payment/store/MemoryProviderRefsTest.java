package fairslot.payment.store;

import fairslot.memory.MemoryProviderRefs;
import fairslot.payment.app.ProviderRefs;

/** The provider ids contract on the in-memory fake. */
class MemoryProviderRefsTest extends ProviderRefsContract {
  @Override
  protected ProviderRefs fresh() {
    return new MemoryProviderRefs();
  }
}
