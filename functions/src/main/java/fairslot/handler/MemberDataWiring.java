package fairslot.handler;

import fairslot.kernel.IdGenerator;
import fairslot.privacy.app.MemberData;
import java.time.Clock;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The data rights' parts, one per feature that holds a member's records, in erasure order. */
final class MemberDataWiring {
  private MemberDataWiring() {}

  static MemberData of(DynamoDbClient dynamo, String table, Clock clock, IdGenerator ids) {
    return new MemberData(
        List.of(
            new fairslot.member.store.MemberRecords(dynamo, table),
            // payments are found through the bookings and passes they paid for: before those move
            new fairslot.payment.store.PaymentMemberData(dynamo, table),
            new fairslot.pass.store.PassMemberData(dynamo, table),
            new fairslot.booking.store.BookingMemberData(dynamo, table, clock),
            new fairslot.booking.store.RequestMemberData(dynamo, table),
            new fairslot.waitlist.store.WaitlistMemberData(dynamo, table),
            new fairslot.notification.store.NotificationMemberData(dynamo, table)),
        new fairslot.privacy.store.DynamoDbErasureStore(dynamo, table),
        clock,
        ids);
  }
}
