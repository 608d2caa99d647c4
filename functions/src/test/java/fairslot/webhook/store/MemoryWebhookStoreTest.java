package fairslot.webhook.store;

import fairslot.memory.MemoryWebhookStore;
import fairslot.webhook.app.WebhookStore;

/** The webhook store contract on the in-memory fake. */
class MemoryWebhookStoreTest extends WebhookStoreContract {
  @Override
  protected WebhookStore fresh() {
    return new MemoryWebhookStore();
  }
}
