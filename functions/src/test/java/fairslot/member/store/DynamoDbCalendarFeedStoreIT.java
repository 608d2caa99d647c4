package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.member.app.CalendarFeedStore;
import fairslot.testing.Aws;

/** The calendar feed contract on the DynamoDB adapter, against the emulator. */
class DynamoDbCalendarFeedStoreIT extends CalendarFeedStoreContract {
  @Override
  protected CalendarFeedStore fresh() {
    return new DynamoDbCalendarFeedStore(
        Resilient.dynamo(Aws.dynamo()), Aws.freshTable("contract"));
  }
}
