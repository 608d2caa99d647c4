package fairslot.notification.store;

import fairslot.aws.Resilient;
import fairslot.notification.app.NotificationStore;
import fairslot.notification.domain.Notification;
import fairslot.testing.Aws;
import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The notification store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB);
 * the notice is the item a change's transaction puts (NotificationItemMapper).
 */
class DynoxideNotificationStoreIT extends NotificationStoreContract {
  private final DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
  private final String table = Aws.freshDynoxideTable("contract");

  @Override
  protected NotificationStore fresh() {
    return new DynamoDbNotificationStore(dynamo, table);
  }

  @Override
  protected void seed(Notification notice, Instant at) {
    dynamo.putItem(r -> r.tableName(table).item(NotificationItemMapper.pending(notice, at)));
  }
}
