package fairslot.payment.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatIdentityStore;
import fairslot.membership.app.MembershipStore;
import fairslot.membership.app.MembershipStore.Settled;
import fairslot.membership.app.MembershipStore.Start;
import fairslot.membership.domain.Membership;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.Order.Recorded;
import fairslot.payment.app.PaymentProvider.Payer;
import fairslot.payment.domain.PayerDescription;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;

/**
 * A membership's first period as what is paid for (v1.3 "Memberships"): its order for checkout, and
 * the provider's outcome applied to it (the webhook names {@code membershipId}): paid, it is ACTIVE
 * for a period from that moment, in the venue's calendar.
 */
final class MembershipOrders {
  private static final int MAX_ROUNDS = 6;

  private final MembershipStore memberships;
  private final PaymentStore payments;
  private final Clock clock;
  private final WechatIdentityStore wechat;
  private final CatalogStore catalog;

  MembershipOrders(
      MembershipStore memberships,
      PaymentStore payments,
      Clock clock,
      WechatIdentityStore wechat,
      CatalogStore catalog) {
    this.memberships = memberships;
    this.payments = payments;
    this.clock = clock;
    this.wechat = wechat;
    this.catalog = catalog;
  }

  /** The member's unpaid membership as an order: its plan's price, no deadline of its own. */
  Outcome<Order> order(String userId, String membershipId) {
    Optional<Membership> found = memberships.find(userId, membershipId);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no membership " + membershipId);
    }
    Membership m = found.get();
    if (m.status() != Membership.Status.PENDING_PAY) {
      return Outcome.refused(
          Refusal.INVALID_TRANSITION, "a " + m.status() + " membership is not paid again");
    }
    Payer payer =
        new Payer(
            userId,
            m.plan().price(),
            () -> wechat.openId(userId),
            Optional.empty(),
            () ->
                PayerDescription.ofPass(
                    catalog.findVenue(m.venueId()).map(Venue::name).orElse(""), m.plan().name()));
    return Outcome.done(new Order(payer, m.paymentNo(), payment -> record(m, payment)));
  }

  private Recorded record(Membership m, Payment payment) {
    Start started =
        memberships.startPayment(
            m, payment, Change.by(payment.userId(), payment.createdAt(), "member pays"));
    if (started instanceof Start.AlreadyStarted already) {
      return new Recorded.AlreadyStarted(already.paymentNo());
    }
    if (started instanceof Start.NotPayable) {
      return new Recorded.Refused(
          Refusal.INVALID_TRANSITION,
          "this membership cannot be paid now (paid, cancelled, or its venue disabled)");
    }
    return new Recorded.Started();
  }

  /** The venue's zone, whose calendar a period's months follow. */
  ZoneId zoneOf(Membership m) {
    return catalog.findVenue(m.venueId()).map(Venue::timeZone).orElse(ZoneId.of("UTC"));
  }

  /** Applies a verified provider event to a membership's first payment; replays change nothing. */
  Outcome<PaymentService.Applied> settle(PaymentCallback event, Payment found) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Payment payment = round == 0 ? found : payments.findPayment(found.paymentNo()).orElseThrow();
      Membership m =
          memberships
              .find(payment.userId(), payment.payable().id())
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "payment " + payment.paymentNo() + " names a missing membership"));
      Instant now = clock.instant();
      Membership activated =
          m.withPayment(Optional.of(payment.paymentNo())).activated(now, zoneOf(m));
      Settled settled =
          memberships.settlePayment(
              event.eventId(),
              payment,
              m,
              activated,
              event.outcome(),
              Change.by("provider", now, "membership payment " + event.outcome()));
      if (settled == Settled.APPLIED) {
        return Outcome.done(PaymentService.Applied.APPLIED);
      }
      if (settled == Settled.DUPLICATE) {
        return Outcome.done(PaymentService.Applied.DUPLICATE);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the membership is busy; the provider should retry");
  }
}
