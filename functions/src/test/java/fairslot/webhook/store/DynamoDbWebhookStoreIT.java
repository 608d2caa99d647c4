package fairslot.webhook.store;

import fairslot.aws.Resilient;
import fairslot.testing.Aws;
import fairslot.webhook.app.WebhookStore;

/** The webhook store contract on the DynamoDB adapter, against the emulator. */
class DynamoDbWebhookStoreIT extends WebhookStoreContract {
  @Override
  protected WebhookStore fresh() {
    return new DynamoDbWebhookStore(Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
