package fairslot.handler;

import fairslot.catalog.app.CatalogNoShowRules;
import fairslot.member.app.ContactVerification;
import fairslot.member.app.StandingService;
import fairslot.member.store.DynamoDbContactCodeStore;
import fairslot.notification.app.MessageFactsReader;
import fairslot.notification.app.NotificationDesk;
import fairslot.notification.app.Notifications;
import fairslot.pass.app.PassExpiry;
import java.security.SecureRandom;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What members meet besides bookings and payments, assembled: contact verification, standing,
 * notifications and their desk, pass expiry.
 */
public record MemberModule(
    ContactVerification verification,
    StandingService standing,
    Notifications notifications,
    NotificationDesk notificationDesk,
    PassExpiry passExpiry) {

  static MemberModule of(
      DynamoDbClient dynamo,
      String table,
      Stores stores,
      Adapters adapters,
      MessageFactsReader facts,
      Clock clock) {
    return new MemberModule(
        new ContactVerification(
            stores.memberProfiles(),
            stores.customerProfiles(),
            new DynamoDbContactCodeStore(dynamo, table),
            adapters.codes(),
            clock,
            new SecureRandom()),
        new StandingService(stores.standing(), new CatalogNoShowRules(stores.catalog()), clock),
        new Notifications(
            stores.notifications(),
            adapters.notifications(),
            stores.memberProfiles(),
            facts,
            clock),
        new NotificationDesk(stores.notifications(), stores.memberProfiles(), clock),
        new PassExpiry(stores.passes(), clock));
  }
}
