package fairslot.handler;

import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.Lotteries;
import fairslot.coupon.app.CouponService;
import fairslot.handler.internal.CalendarKey;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.Tickets;
import fairslot.member.app.MemberRateLimit;
import fairslot.member.app.PlatformAccessTokens;
import fairslot.member.app.ProfileService;
import fairslot.member.app.WechatLinking;
import fairslot.member.app.WechatPhones;
import fairslot.membership.app.MembershipService;
import fairslot.messaging.stripe.Stripe;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.pass.app.PassService;
import fairslot.staff.app.DeskService;
import fairslot.staff.app.StaffService;
import fairslot.wallet.app.PrepaidJudge;
import fairslot.wallet.app.WalletService;
import java.time.Clock;

/** The HTTP API over the feature modules: the services its endpoints call, made once per api. */
final class HttpWiring {
  private HttpWiring() {}

  static HttpApi of(Wiring w, int memberLimit) {
    Stores stores = w.core().stores();
    Clock clock = w.core().clock();
    BookingModule booking = w.booking();
    PaymentModule payment = w.payment();
    MemberModule member = w.member();
    VenueAccessWiring venueAccess = VenueAccessWiring.on(stores, stores.staff(), clock);
    PrepaidJudge prepaid =
        new PrepaidJudge(stores.wallets(), stores.passes(), stores.catalog(), clock);
    return new HttpApi(
        new HttpApi.Services(
            new CatalogService(stores.catalog(), clock, w.core().ids()),
            booking.bookings(),
            payment.payments(),
            new StaffService(
                stores.bookings(),
                stores.payments(),
                booking.releases(),
                payment.refunds(),
                clock,
                w.core().ids(),
                stores.catalog()),
            booking.waitlist(),
            booking.admission(),
            new DeskService(
                booking.bookings(),
                stores.bookings(),
                stores.customerProfiles(),
                clock,
                w.core().ids(),
                stores.passes(),
                stores.memberProfiles()),
            booking.slotCancellation(),
            booking.reconciliation(),
            w.catalog().slotEdits(),
            w.catalog().venueEdits(),
            w.finance(),
            member.standing(),
            new PassService(
                stores.passes(),
                stores.catalog(),
                stores.customerProfiles(),
                clock,
                w.core().ids(),
                prepaid),
            new WalletService(stores.wallets(), stores.catalog(), clock, w.core().ids(), prepaid),
            new MembershipService(stores.memberships(), stores.catalog(), clock, w.core().ids()),
            new CouponService(stores.coupons(), stores.catalog(), clock),
            new ProfileService(stores.memberProfiles()),
            member.verification(),
            member.notificationDesk(),
            new WechatLinking(
                payment.wechatPay().map(WechatPay::login), payment.wechatIdentities(), clock),
            new WechatPhones(
                payment
                    .wechatPay()
                    .map(
                        wp ->
                            new WechatPhones.Wechat(
                                wp.server(),
                                new PlatformAccessTokens(
                                    stores.platformTokens(),
                                    wp.server(),
                                    wp.server().appId(),
                                    clock))),
                member.verification()),
            member.wechatSignIn(),
            member.sessions(),
            member.subscribeGrants(),
            payment.statements(),
            venueAccess.staff(),
            venueAccess.gate(),
            new MemberRateLimit(stores.rateCounter(), clock, memberLimit),
            new Lotteries(stores.lotteries()),
            Tickets.deployment(),
            CalendarKey.feeds(stores.calendarFeeds()),
            w.webhooks().webhooks(),
            w.memberData()),
        new IdempotencyKeys(stores.idempotency(), clock),
        new HttpApi.Webhooks(
            w.core().webhookSignature(),
            payment.wechatPay().map(WechatPay::notifications),
            payment.stripe().map(Stripe::webhooks)),
        clock);
  }
}
