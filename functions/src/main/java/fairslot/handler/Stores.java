package fairslot.handler;

import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.booking.store.DynamoDbLedgerStore;
import fairslot.booking.store.DynamoDbNoShowStore;
import fairslot.booking.store.DynamoDbRequestStore;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.catalog.store.DynamoDbLotteryStore;
import fairslot.coupon.store.DynamoDbCouponStore;
import fairslot.finance.store.DynamoDbFinanceStore;
import fairslot.idempotency.store.DynamoDbIdempotencyStore;
import fairslot.member.store.DynamoDbCalendarFeedStore;
import fairslot.member.store.DynamoDbCustomerProfileStore;
import fairslot.member.store.DynamoDbMemberProfileStore;
import fairslot.member.store.DynamoDbPlatformTokenStore;
import fairslot.member.store.DynamoDbRateCounterStore;
import fairslot.member.store.DynamoDbStandingStore;
import fairslot.membership.store.DynamoDbMembershipStore;
import fairslot.notification.store.DynamoDbNotificationStore;
import fairslot.pass.store.DynamoDbPassStore;
import fairslot.payment.store.DynamoDbPaymentStore;
import fairslot.staff.store.DynamoDbStaffStore;
import fairslot.waitlist.store.DynamoDbWaitlistStore;
import fairslot.wallet.store.DynamoDbWalletStore;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Every DynamoDB store of one table, made once per container by {@link Wiring}. */
record Stores(
    DynamoDbCatalogStore catalog,
    DynamoDbBookingStore bookings,
    DynamoDbStandingStore standing,
    DynamoDbNoShowStore noShows,
    DynamoDbPassStore passes,
    DynamoDbMemberProfileStore memberProfiles,
    DynamoDbPaymentStore payments,
    DynamoDbFinanceStore finance,
    DynamoDbIdempotencyStore idempotency,
    DynamoDbWaitlistStore waitlist,
    DynamoDbNotificationStore notifications,
    DynamoDbRequestStore requests,
    DynamoDbCustomerProfileStore customerProfiles,
    DynamoDbLedgerStore ledger,
    DynamoDbStaffStore staff,
    DynamoDbRateCounterStore rateCounter,
    DynamoDbLotteryStore lotteries,
    DynamoDbCalendarFeedStore calendarFeeds,
    DynamoDbPlatformTokenStore platformTokens,
    DynamoDbWalletStore wallets,
    DynamoDbCouponStore coupons,
    DynamoDbMembershipStore memberships) {

  static Stores on(DynamoDbClient dynamo, String table) {
    return new Stores(
        new DynamoDbCatalogStore(dynamo, table),
        new DynamoDbBookingStore(dynamo, table),
        new DynamoDbStandingStore(dynamo, table),
        new DynamoDbNoShowStore(dynamo, table),
        new DynamoDbPassStore(dynamo, table),
        new DynamoDbMemberProfileStore(dynamo, table),
        new DynamoDbPaymentStore(dynamo, table),
        new DynamoDbFinanceStore(dynamo, table),
        new DynamoDbIdempotencyStore(dynamo, table),
        new DynamoDbWaitlistStore(dynamo, table),
        new DynamoDbNotificationStore(dynamo, table),
        new DynamoDbRequestStore(dynamo, table),
        new DynamoDbCustomerProfileStore(dynamo, table),
        new DynamoDbLedgerStore(dynamo, table),
        new DynamoDbStaffStore(dynamo, table),
        new DynamoDbRateCounterStore(dynamo, table),
        new DynamoDbLotteryStore(dynamo, table),
        new DynamoDbCalendarFeedStore(dynamo, table),
        new DynamoDbPlatformTokenStore(dynamo, table),
        new DynamoDbWalletStore(dynamo, table),
        new DynamoDbCouponStore(dynamo, table),
        new DynamoDbMembershipStore(dynamo, table));
  }
}
