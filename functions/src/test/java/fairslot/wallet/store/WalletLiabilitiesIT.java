package fairslot.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.aws.Resilient;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.domain.WalletShare;
import fairslot.pass.store.DynamoDbPassStore;
import fairslot.testing.Aws;
import fairslot.testing.TestClock;
import fairslot.wallet.app.PrepaidJudge;
import fairslot.wallet.app.WalletService;
import fairslot.wallet.domain.Liabilities;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The liabilities report matches the ledger (issue 64): for random top-ups and closes of several
 * members' wallets at random moments over five days, on the DynamoDB adapter against the emulator,
 * the report at the end of every day (in the venue's zone) is the sum of every member's ledger
 * entries made before then.
 */
class WalletLiabilitiesIT {
  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
  private static final LocalDate FIRST = LocalDate.of(2026, 12, 1);

  @Property(tries = 8)
  void theReportAtTheEndOfEachDayIsTheSumOfTheLedgerBeforeIt(@ForAll long seed) {
    Random random = new Random(seed);
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("liab");
    DynamoDbCatalogStore catalog = new DynamoDbCatalogStore(dynamo, table);
    DynamoDbWalletStore wallets = new DynamoDbWalletStore(dynamo, table);
    Instant start = FIRST.atStartOfDay(SHANGHAI).toInstant();
    TestClock clock = new TestClock(start);
    WalletService service =
        new WalletService(
            wallets,
            catalog,
            clock,
            IdGenerator.random(),
            new PrepaidJudge(wallets, new DynamoDbPassStore(dynamo, table), catalog, clock));
    Venue venue =
        catalog.createVenue(
            new Venue(UUID.randomUUID().toString(), "Club", SHANGHAI, VenuePolicy.DEFAULT));
    List<String> members = List.of("a", "b", "c");
    int ops = 4 + random.nextInt(10);
    List<Instant> moments = new ArrayList<>();
    for (int i = 0; i < ops; i++) {
      moments.add(start.plus(Duration.ofMinutes(random.nextInt(5 * 24 * 60))));
    }
    moments.sort(null); // money moves in time order, as it does
    for (Instant at : moments) {
      String user = members.get(random.nextInt(members.size()));
      if (random.nextInt(4) == 0) {
        close(wallets, venue.venueId(), user, at);
      } else {
        topUp(wallets, venue.venueId(), user, at, 100 + random.nextInt(50000), random.nextInt(500));
      }
    }

    for (int d = 0; d < 5; d++) {
      LocalDate day = FIRST.plusDays(d);
      Instant end = day.plusDays(1).atStartOfDay(SHANGHAI).toInstant();
      long principal = 0;
      long bonus = 0;
      for (String user : members) {
        for (LedgerEntry e :
            wallets.ledger(user, venue.venueId(), new PageRequest(200, Optional.empty())).items()) {
          if (e.at().isBefore(end)) {
            principal += e.principalDeltaMinor();
            bonus += e.bonusDeltaMinor();
          }
        }
      }
      Liabilities report =
          ((Outcome.Done<Liabilities>) service.liabilities(venue.venueId(), day)).value();
      long reportedPrincipal =
          report.byCurrency().stream().mapToLong(Liabilities.Owed::walletPrincipalMinor).sum();
      long reportedBonus =
          report.byCurrency().stream().mapToLong(Liabilities.Owed::walletBonusMinor).sum();
      assertThat(reportedPrincipal).as("principal at the end of " + day).isEqualTo(principal);
      assertThat(reportedBonus).as("bonus at the end of " + day).isEqualTo(bonus);
      assertThat(principal).isNotNegative();
      assertThat(bonus).isNotNegative();
    }
  }

  private static void topUp(
      DynamoDbWalletStore wallets, String venueId, String user, Instant at, long pay, long bonus) {
    WalletPlan plan =
        new WalletPlan(
            UUID.randomUUID().toString(), venueId, "Top", new Money(pay, "CNY"), bonus, at);
    wallets.createPlan(plan, Change.by("admin", at, "plan"));
    TopUp topUp =
        wallets
            .createTopUp(TopUp.unpaid(UUID.randomUUID().toString(), user, plan, at), by(user, at))
            .orElseThrow();
    Payment payment =
        new Payment(
            UUID.randomUUID().toString().replace("-", ""),
            new Payable.ForTopUp(topUp.topUpId()),
            user,
            plan.pay(),
            "local",
            PaymentStatus.PENDING,
            0,
            at,
            0,
            plan.pay());
    wallets.startPayment(topUp, payment, Optional.empty(), by(user, at));
    wallets.settlePayment(
        "e-" + payment.paymentNo(),
        payment,
        wallets.findTopUp(user, topUp.topUpId()).orElseThrow(),
        PaymentCallback.Outcome.SUCCEEDED,
        by("provider", at));
  }

  /** The member's wallet emptied at {@code at}: its bonus forfeited, its principal refunded. */
  private static void close(DynamoDbWalletStore wallets, String venueId, String user, Instant at) {
    var wallet =
        wallets.walletsOf(user).stream().filter(w -> w.venueId().equals(venueId)).findFirst();
    if (wallet.isEmpty() || wallet.get().balanceMinor() == 0) {
      return;
    }
    WalletShare balance = wallet.get().balance();
    List<RefundPartPlan> parts = new ArrayList<>();
    boolean closed =
        wallets.close(
            LedgerEntry.debit(
                user, venueId, LedgerEntry.Kind.CLOSE, balance, "CNY", "C" + UUID.randomUUID(), at),
            parts,
            by(user, at));
    assertThat(closed).isTrue();
  }

  private static Change by(String actor, Instant at) {
    return Change.by(actor, at, "liabilities property");
  }
}
