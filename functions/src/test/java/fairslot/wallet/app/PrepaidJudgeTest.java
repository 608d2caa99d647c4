package fairslot.wallet.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryPassStore;
import fairslot.memory.MemoryTables;
import fairslot.memory.MemoryWalletStore;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidRules;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The prepaid judge's reads (API.md v1.3 "Prepaid rules"): a payment's success moves a top-up into
 * the wallet without moving the member's guard, so a success that lands between the judge's reads
 * must be counted (twice at worst), never missed.
 */
class PrepaidJudgeTest {
  private static final Instant NOW = Instant.parse("2026-12-01T02:00:00Z");
  private final MemoryTables tables = new MemoryTables();
  private final MemoryCatalogStore catalog = new MemoryCatalogStore(tables);
  private final MemoryWalletStore wallets = new MemoryWalletStore(tables);

  @Test
  void aTopUpPaidBetweenTheJudgesReadsIsCountedNeverMissed() {
    Venue venue =
        catalog.createVenue(
            new Venue(
                "v",
                "Club",
                ZoneOffset.ofHours(8),
                VenuePolicy.DEFAULT.withPrepaidRules(PrepaidRules.CN_SH_2025)));
    Change change = Change.by("m", NOW, "test");
    WalletPlan plan =
        new WalletPlan("p", venue.venueId(), "Top", new Money(100_000, "CNY"), 0, NOW);
    wallets.createPlan(plan, change);
    TopUp topUp = wallets.createTopUp(TopUp.unpaid("t", "m", plan, NOW), change).orElseThrow();
    Payment payment =
        new Payment(
            "pay1",
            new Payable.ForTopUp("t"),
            "m",
            plan.pay(),
            "local",
            PaymentStatus.PENDING,
            0,
            NOW,
            0,
            plan.pay());
    wallets.startPayment(topUp, payment, Optional.empty(), change);
    TopUp started = wallets.findTopUp("m", "t").orElseThrow();
    // the success lands right after whichever of the two reads comes first
    AtomicBoolean settled = new AtomicBoolean();
    WalletStore racing =
        (WalletStore)
            Proxy.newProxyInstance(
                WalletStore.class.getClassLoader(),
                new Class<?>[] {WalletStore.class},
                (proxy, method, args) -> {
                  Object answer;
                  try {
                    answer = method.invoke(wallets, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                  boolean read =
                      method.getName().equals("startedTopUps")
                          || method.getName().equals("walletsOf");
                  if (read && settled.compareAndSet(false, true)) {
                    wallets.settlePayment(
                        "evt", payment, started, PaymentCallback.Outcome.SUCCEEDED, change);
                  }
                  return answer;
                });
    PrepaidJudge judge =
        new PrepaidJudge(
            racing, new MemoryPassStore(tables), catalog, Clock.fixed(NOW, ZoneOffset.UTC));

    long stored = judge.holdings("m", venue.venueId()).storedValueMinor();

    assertThat(settled).isTrue();
    assertThat(wallets.walletsOf("m").get(0).balance().principalMinor()).isEqualTo(100_000);
    assertThat(stored).isGreaterThanOrEqualTo(100_000);
  }
}
