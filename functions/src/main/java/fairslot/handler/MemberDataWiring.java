package fairslot.handler;

import fairslot.booking.store.BookingLiveness;
import fairslot.booking.store.BookingMemberData;
import fairslot.booking.store.RequestMemberData;
import fairslot.kernel.IdGenerator;
import fairslot.member.store.MemberRecords;
import fairslot.membership.store.MembershipMemberData;
import fairslot.notification.store.NotificationMemberData;
import fairslot.pass.store.PassMemberData;
import fairslot.payment.store.PaymentMemberData;
import fairslot.privacy.app.MemberData;
import fairslot.privacy.store.DynamoDbErasureStore;
import fairslot.waitlist.store.WaitlistMemberData;
import fairslot.wallet.store.WalletMemberData;
import java.time.Clock;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The data rights' parts, one per feature that holds a member's records, in erasure order. */
final class MemberDataWiring {
  private MemberDataWiring() {}

  static MemberData of(DynamoDbClient dynamo, String table, Clock clock, IdGenerator ids) {
    return new MemberData(
        List.of(
            new MemberRecords(dynamo, table, new BookingLiveness(dynamo, table)),
            // payments are found through the bookings and passes they paid for: before those move
            new PaymentMemberData(dynamo, table),
            new PassMemberData(dynamo, table),
            new WalletMemberData(dynamo, table),
            new MembershipMemberData(dynamo, table),
            new BookingMemberData(dynamo, table, clock),
            new RequestMemberData(dynamo, table),
            new WaitlistMemberData(dynamo, table),
            new NotificationMemberData(dynamo, table)),
        new DynamoDbErasureStore(dynamo, table),
        clock,
        ids);
  }
}
