package fairslot.handler;

import fairslot.booking.app.MemberBookings;
import fairslot.kernel.IdGenerator;
import fairslot.member.app.WechatIdentityStore;
import fairslot.member.store.DynamoDbWechatIdentityStore;
import fairslot.messaging.stripe.Stripe;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.payment.app.PaymentProviders;
import fairslot.payment.app.PaymentReconciliation;
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.Refunds;
import fairslot.payment.app.StatementReconciliation;
import fairslot.payment.store.DynamoDbProviderRefs;
import java.time.Clock;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Payment, assembled: the providers, checkout for whatever is paid for, refunds, reconciles. */
public record PaymentModule(
    PaymentProviders providers,
    Optional<Stripe> stripe,
    Optional<WechatPay> wechatPay,
    WechatIdentityStore wechatIdentities,
    Refunds refunds,
    PaymentService payments,
    PaymentReconciliation reconciliation,
    StatementReconciliation statements) {

  static PaymentModule of(
      DynamoDbClient dynamo,
      String table,
      Stores stores,
      Adapters adapters,
      MemberBookings members,
      Clock clock,
      IdGenerator ids) {
    Optional<Stripe> stripe = adapters.stripeOn(new DynamoDbProviderRefs(dynamo, table), clock);
    PaymentProviders providers = new PaymentProviders(adapters.onlineProviders(stripe));
    WechatIdentityStore wechatIds = new DynamoDbWechatIdentityStore(dynamo, table);
    Refunds refunds =
        new Refunds(
            stores.payments(),
            stores.bookings(),
            stores.passes(),
            stores.wallets(),
            stores.memberships(),
            providers,
            clock);
    PaymentService payments =
        new PaymentService(
            stores.bookings(),
            stores.passes(),
            stores.payments(),
            providers,
            refunds,
            clock,
            ids,
            members,
            stores.catalog(),
            wechatIds,
            stores.wallets(),
            stores.memberships());
    return new PaymentModule(
        providers,
        stripe,
        adapters.wechatPay(),
        wechatIds,
        refunds,
        payments,
        new PaymentReconciliation(stores.payments(), stores.bookings(), providers, payments, clock),
        new StatementReconciliation(stores.payments(), providers, clock));
  }
}
