package fairslot.payment.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.membership.app.MembershipService;
import fairslot.membership.domain.Benefits;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPeriod;
import fairslot.membership.domain.MembershipPlan;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidRules;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Memberships on the in-memory stores (v1.3 "Memberships"): a plan, a subscription paid through a
 * provider or from the wallet, the period in the venue's calendar, the cancel at the period's end,
 * and the renew-memberships job: renewed from the wallet once per period, else PAST_DUE, retried
 * after 1, 3 and 5 days, then EXPIRED.
 */
class MembershipsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final String venueId = world.hall(VenuePolicy.DEFAULT).venueId();

  private MembershipPlan plan(long priceMinor, MembershipPeriod period) {
    return done(
        world.memberships.createPlan(
            "admin",
            venueId,
            new MembershipService.PlanTerms(
                "Monthly",
                new Money(priceMinor, "CNY"),
                period,
                new Benefits(OptionalInt.of(10), OptionalInt.empty(), OptionalInt.empty())),
            Optional.empty()));
  }

  private Membership subscribed(String user, MembershipPlan plan, boolean autoRenew) {
    return done(world.memberships.subscribe(user, plan.planId(), autoRenew, Optional.empty()));
  }

  private Outcome<Checkout> pay(String user, Membership m, String provider) {
    return world.payments.pay(
        user, new Payable.ForMembership(m.membershipId()), Optional.of(provider));
  }

  private void report(Checkout c, PaymentCallback.Outcome outcome, String eventId) {
    done(
        world.payments.callback(
            new PaymentCallback(
                eventId,
                c.payment().paymentNo(),
                c.payment().payable(),
                c.payment().amount(),
                outcome,
                "")));
  }

  private Membership now(Membership m) {
    return world.memberships.find(m.userId(), m.membershipId()).orElseThrow();
  }

  private long balance(String user) {
    return world.wallets.wallets(user).get(0).balanceMinor();
  }

  private long ledgerSum(String user) {
    return world
        .wallets
        .ledger(user, venueId, new PageRequest(200, Optional.empty()))
        .items()
        .stream()
        .mapToLong(LedgerEntry::deltaMinor)
        .sum();
  }

  @Test
  void aPaidSubscriptionIsActiveForOneCalendarPeriodFromItsPaymentOnce() {
    world.clock.set(Instant.parse("2027-01-31T04:00:00Z")); // the hall keeps UTC
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), true);
    Checkout c = done(pay("u1", m, "scripted"));
    assertThat(now(m).status()).isEqualTo(Membership.Status.PENDING_PAY);

    report(c, PaymentCallback.Outcome.SUCCEEDED, "ok-1");
    report(c, PaymentCallback.Outcome.SUCCEEDED, "ok-1");

    Membership active = now(m);
    assertThat(active.status()).isEqualTo(Membership.Status.ACTIVE);
    assertThat(active.periodStart()).contains(Instant.parse("2027-01-31T04:00:00Z"));
    // a month from 31 January ends on the last day of February
    assertThat(active.periodEnd()).contains(Instant.parse("2027-02-28T04:00:00Z"));
    assertThat(active.benefitsAt(world.clock.instant())).isTrue();
    assertThat(world.payment(c.payment().paymentNo()).status()).isEqualTo(PaymentStatus.SUCCEEDED);
  }

  @Test
  void aFailedFirstPaymentIsForgottenAndTheMemberPaysAgain() {
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), true);
    Checkout first = done(pay("u1", m, "scripted"));

    report(first, PaymentCallback.Outcome.FAILED, "no-1");

    assertThat(now(m).status()).isEqualTo(Membership.Status.PENDING_PAY);
    assertThat(now(m).paymentNo()).isEmpty();
    Checkout again = done(pay("u1", m, "scripted"));
    assertThat(again.payment().paymentNo()).isNotEqualTo(first.payment().paymentNo());
  }

  @Test
  void aPaymentThatSucceedsAfterTheMemberCancelledIsSentBackAndFinanceTold() {
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), true);
    Checkout c = done(pay("u1", m, "scripted"));
    done(world.memberships.cancel("u1", m.membershipId()));

    report(c, PaymentCallback.Outcome.SUCCEEDED, "late-1");

    assertThat(now(m).status()).isEqualTo(Membership.Status.CANCELLED);
    assertThat(world.payment(c.payment().paymentNo()).status()).isEqualTo(PaymentStatus.REFUNDING);
  }

  @Test
  void aSubscriptionPaidFromTheWalletIsActiveAtOnceAndAShortWalletWritesNothing() {
    world.toppedUp("u1", venueId, 50000, 5000);
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P3M), true);

    done(pay("u1", m, "wallet"));

    assertThat(now(m).status()).isEqualTo(Membership.Status.ACTIVE);
    assertThat(balance("u1")).isEqualTo(25000);
    assertThat(ledgerSum("u1")).isEqualTo(25000);
    Membership poor = subscribed("u2", plan(30000, MembershipPeriod.P1M), true);
    Outcome<Checkout> refused = pay("u2", poor, "wallet");
    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.INSUFFICIENT_BALANCE);
    assertThat(now(poor).status()).isEqualTo(Membership.Status.PENDING_PAY);
  }

  @Test
  void theJobRenewsFromTheWalletOncePerPeriodHoweverOftenItRuns() {
    world.toppedUp("u1", venueId, 100000, 0);
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), true);
    done(pay("u1", m, "wallet"));
    Instant end = now(m).periodEnd().orElseThrow();

    world.clock.set(end.plusSeconds(60));
    world.payments.renewals().run(10);
    world.payments.renewals().run(10);

    Membership renewed = now(m);
    assertThat(renewed.status()).isEqualTo(Membership.Status.ACTIVE);
    assertThat(renewed.periodStart()).contains(end);
    assertThat(renewed.periodEnd())
        .contains(ZonedDateTime.ofInstant(end, ZoneId.of("UTC")).plusMonths(1).toInstant());
    assertThat(balance("u1")).isEqualTo(100000 - 2 * 30000);
    assertThat(ledgerSum("u1")).isEqualTo(balance("u1"));
  }

  @Test
  void aRenewalNothingCanPayIsPastDueRetriedAfterOneThreeAndFiveDaysThenExpired() {
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), true);
    Checkout c = done(pay("u1", m, "scripted"));
    report(c, PaymentCallback.Outcome.SUCCEEDED, "ok-1");
    Instant end = now(m).periodEnd().orElseThrow();

    world.clock.set(end);
    world.payments.renewals().run(10);
    assertThat(now(m).status()).isEqualTo(Membership.Status.PAST_DUE);
    assertThat(now(m).benefitsAt(end)).isFalse();
    world.clock.set(end.plus(Duration.ofHours(23)));
    world.payments.renewals().run(10);
    assertThat(now(m).failedRenewals()).as("not retried before a day").isEqualTo(1);
    for (int days : new int[] {1, 3}) {
      world.clock.set(end.plus(Duration.ofDays(days)));
      world.payments.renewals().run(10);
      assertThat(now(m).status()).isEqualTo(Membership.Status.PAST_DUE);
    }
    world.clock.set(end.plus(Duration.ofDays(5)));
    world.payments.renewals().run(10);

    assertThat(now(m).status()).isEqualTo(Membership.Status.EXPIRED);
    assertThat(now(m).failedRenewals()).isEqualTo(4);
    assertThat(world.membershipStore.due(end.plus(Duration.ofDays(60)), 10)).isEmpty();
  }

  @Test
  void aPastDueMembershipTheWalletCanPayAtItsRetryIsActiveFromItsOldPeriodEnd() {
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), true);
    Checkout c = done(pay("u1", m, "scripted"));
    report(c, PaymentCallback.Outcome.SUCCEEDED, "ok-1");
    Instant end = now(m).periodEnd().orElseThrow();
    world.clock.set(end);
    world.payments.renewals().run(10);

    world.toppedUp("u1", venueId, 30000, 0);
    world.clock.set(end.plus(Duration.ofDays(1)));
    world.payments.renewals().run(10);

    assertThat(now(m).status()).isEqualTo(Membership.Status.ACTIVE);
    assertThat(now(m).periodStart()).contains(end);
    assertThat(balance("u1")).isZero();
  }

  @Test
  void aCancelKeepsTheBenefitsToThePeriodsEndAndEndsItCancelledThere() {
    world.toppedUp("u1", venueId, 100000, 0);
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), true);
    done(pay("u1", m, "wallet"));
    Instant end = now(m).periodEnd().orElseThrow();

    Membership cancelled = done(world.memberships.cancel("u1", m.membershipId()));
    done(world.memberships.cancel("u1", m.membershipId()));

    assertThat(cancelled.status()).isEqualTo(Membership.Status.ACTIVE);
    assertThat(cancelled.cancelAtPeriodEnd()).isTrue();
    assertThat(now(m).benefitsAt(end.minusSeconds(1))).isTrue();
    world.clock.set(end);
    world.payments.renewals().run(10);
    assertThat(now(m).status()).isEqualTo(Membership.Status.CANCELLED);
    assertThat(balance("u1")).isEqualTo(70000);
  }

  @Test
  void oneNotRenewingEndsExpiredAtItsPeriodsEnd() {
    world.toppedUp("u1", venueId, 100000, 0);
    Membership m = subscribed("u1", plan(30000, MembershipPeriod.P1M), false);
    done(pay("u1", m, "wallet"));
    world.clock.set(now(m).periodEnd().orElseThrow());

    world.payments.renewals().run(10);

    assertThat(now(m).status()).isEqualTo(Membership.Status.EXPIRED);
    assertThat(balance("u1")).isEqualTo(70000);
  }

  @Test
  void aPlanNoMemberCouldBuyUnderShanghaisRulesIsRefused() {
    String shanghai =
        world.hall(VenuePolicy.DEFAULT.withPrepaidRules(PrepaidRules.CN_SH_2025)).venueId();
    var terms =
        new MembershipService.PlanTerms(
            "Gold", new Money(500001, "CNY"), MembershipPeriod.P1Y, Benefits.NONE);

    Outcome<MembershipPlan> refused =
        world.memberships.createPlan("admin", shanghai, terms, Optional.empty());

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.PREPAID_LIMIT);
    assertThat(world.memberships.plans(shanghai, new PageRequest(10, Optional.empty())).items())
        .isEmpty();
  }

  @Test
  void aVenueUnderShanghaisRulesSellsNoMembershipUntilTheyAreCounted() {
    String shanghai =
        world.hall(VenuePolicy.DEFAULT.withPrepaidRules(PrepaidRules.CN_SH_2025)).venueId();
    MembershipPlan plan =
        done(
            world.memberships.createPlan(
                "admin",
                shanghai,
                new MembershipService.PlanTerms(
                    "Monthly", new Money(30000, "CNY"), MembershipPeriod.P1M, Benefits.NONE),
                Optional.empty()));

    Outcome<Membership> refused =
        world.memberships.subscribe("u1", plan.planId(), true, Optional.empty());

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.PREPAID_LIMIT);
    assertThat(world.memberships.mine("u1")).isEmpty();
  }
}
