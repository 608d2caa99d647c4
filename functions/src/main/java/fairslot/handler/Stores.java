package fairslot.handler;

import fairslot.store.dynamodb.DynamoDbBookingStore;
import fairslot.store.dynamodb.DynamoDbCatalogStore;
import fairslot.store.dynamodb.DynamoDbFinanceStore;
import fairslot.store.dynamodb.DynamoDbIdempotencyStore;
import fairslot.store.dynamodb.DynamoDbLedgerStore;
import fairslot.store.dynamodb.DynamoDbMemberProfileStore;
import fairslot.store.dynamodb.DynamoDbNotificationStore;
import fairslot.store.dynamodb.DynamoDbPassStore;
import fairslot.store.dynamodb.DynamoDbPaymentStore;
import fairslot.store.dynamodb.DynamoDbProfileStore;
import fairslot.store.dynamodb.DynamoDbRequestStore;
import fairslot.store.dynamodb.DynamoDbStandingStore;
import fairslot.store.dynamodb.DynamoDbWaitlistStore;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Every DynamoDB store of one table, made once per container by {@link Wiring}. */
record Stores(
    DynamoDbCatalogStore catalog,
    DynamoDbBookingStore bookings,
    DynamoDbStandingStore standing,
    DynamoDbPassStore passes,
    DynamoDbMemberProfileStore memberProfiles,
    DynamoDbPaymentStore payments,
    DynamoDbFinanceStore finance,
    DynamoDbIdempotencyStore idempotency,
    DynamoDbWaitlistStore waitlist,
    DynamoDbNotificationStore notifications,
    DynamoDbRequestStore requests,
    DynamoDbProfileStore profiles,
    DynamoDbLedgerStore ledger) {

  static Stores on(DynamoDbClient dynamo, String table) {
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbStandingStore(dynamo, table),
        new DynamoDbPassStore(dynamo, table),
        new DynamoDbMemberProfileStore(dynamo, table),
        new DynamoDbPaymentStore(dynamo, table),
        new DynamoDbFinanceStore(dynamo, table),
        new DynamoDbIdempotencyStore(dynamo, table),
        new DynamoDbWaitlistStore(dynamo, table),
        new DynamoDbNotificationStore(dynamo, table),
        new DynamoDbRequestStore(dynamo, table),
        new DynamoDbProfileStore(dynamo, table),
        new DynamoDbLedgerStore(dynamo, table));
  }
}
