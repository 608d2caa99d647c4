package fairslot.handler;

import fairslot.auth.app.SessionTokens;
import fairslot.auth.store.DynamoDbRefreshFamilies;
import fairslot.catalog.app.CatalogNoShowRules;
import fairslot.kernel.IdGenerator;
import fairslot.member.app.ContactVerification;
import fairslot.member.app.StandingService;
import fairslot.member.app.WechatSignIn;
import fairslot.member.store.DynamoDbContactCodeStore;
import fairslot.member.store.DynamoDbWechatAccountStore;
import fairslot.member.store.DynamoDbWechatIdentityStore;
import fairslot.member.store.DynamoDbWechatSubscriptions;
import fairslot.messaging.auth.HmacTokens;
import fairslot.messaging.auth.SecretTokenKeys;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.notification.app.MessageFactsReader;
import fairslot.notification.app.NotificationDesk;
import fairslot.notification.app.Notifications;
import fairslot.notification.app.SubscribeGrants;
import fairslot.notification.app.WechatNotices;
import fairslot.notification.domain.SubscribeTemplates;
import fairslot.pass.app.PassExpiry;
import java.security.SecureRandom;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What members meet besides bookings and payments, assembled: contact verification, standing,
 * notifications and their desk, pass expiry, and signing in with WeChat on fairslot's own tokens
 * (whose keys come from the environment: {@link SecretTokenKeys}).
 */
public record MemberModule(
    ContactVerification verification,
    StandingService standing,
    Notifications notifications,
    NotificationDesk notificationDesk,
    PassExpiry passExpiry,
    SessionTokens sessions,
    WechatSignIn wechatSignIn,
    SubscribeGrants subscribeGrants) {

  static MemberModule of(
      DynamoDbClient dynamo,
      String table,
      Stores stores,
      Adapters adapters,
      MessageFactsReader facts,
      Wiring.Core core) {
    Clock clock = core.clock();
    IdGenerator ids = core.ids();
    SessionTokens sessions =
        new SessionTokens(
            SecretTokenKeys.fromEnvironment(System.getenv(), clock),
            new HmacTokens(),
            new DynamoDbRefreshFamilies(dynamo, table),
            clock,
            ids);
    DynamoDbWechatIdentityStore identities = new DynamoDbWechatIdentityStore(dynamo, table);
    DynamoDbWechatSubscriptions subscriptions = new DynamoDbWechatSubscriptions(dynamo, table);
    SubscribeTemplates templates =
        adapters.wechatPay().map(WechatPay::templates).orElse(SubscribeTemplates.NONE);
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
            WechatNoticeWiring.sender(adapters, stores, subscriptions, identities, clock),
            stores.memberProfiles(),
            facts,
            new WechatNotices(templates, identities),
            clock),
        new NotificationDesk(stores.notifications(), stores.memberProfiles(), clock),
        new PassExpiry(stores.passes(), clock),
        sessions,
        new WechatSignIn(
            adapters.wechatPay().map(WechatPay::login),
            new DynamoDbWechatAccountStore(dynamo, table),
            identities,
            sessions,
            clock,
            ids),
        new SubscribeGrants(subscriptions, templates, clock));
  }
}
