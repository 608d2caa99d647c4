package fairslot.money.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Money;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Shanghai's prepaid rules (API.md v1.3 "Prepaid rules", CN-SH-2025) as judged purchase by
 * purchase: whatever a member tries to buy, in any order, what they hold after every allowed
 * purchase is within every limit; and each limit refuses exactly its own kind of purchase.
 */
class PrepaidHoldingsProperties {
  private static final PrepaidRules SH = PrepaidRules.CN_SH_2025;

  private static Money yuan(long minor) {
    return new Money(minor, "CNY");
  }

  @Property
  void purchasesAllowedOneByOneNeverTakeAMemberBeyondALimit(
      @ForAll("purchases") List<PrepaidPurchase> tries) {
    PrepaidHoldings held = PrepaidHoldings.NONE;
    for (PrepaidPurchase p : tries) {
      if (held.refusal(SH, p).isEmpty()) {
        held = held.plus(p);
      }
      assertThat(held.storedValueMinor()).isLessThanOrEqualTo(PrepaidHoldings.MAX_STORED_VALUE);
      assertThat(held.packValueMinor()).isLessThanOrEqualTo(PrepaidHoldings.MAX_PACK_VALUE);
      assertThat(held.packSessions()).isLessThanOrEqualTo(PrepaidHoldings.MAX_PACK_SESSIONS);
      assertThat(held.membershipValueMinor())
          .isLessThanOrEqualTo(PrepaidHoldings.MAX_MEMBERSHIP_VALUE);
      assertThat(held.totalMinor()).isLessThanOrEqualTo(PrepaidHoldings.MAX_TOTAL);
    }
  }

  @Property
  void withoutRulesEveryPurchaseIsAllowed(@ForAll("purchases") List<PrepaidPurchase> tries) {
    PrepaidHoldings held = PrepaidHoldings.NONE;
    for (PrepaidPurchase p : tries) {
      assertThat(held.refusal(PrepaidRules.NONE, p)).isEmpty();
      held = held.plus(p);
    }
  }

  @Provide
  Arbitrary<List<PrepaidPurchase>> purchases() {
    Arbitrary<Long> fen = Arbitraries.longs().between(1, 800_000);
    Arbitrary<PrepaidPurchase> stored = fen.map(m -> new PrepaidPurchase.StoredValue(yuan(m)));
    Arbitrary<PrepaidPurchase> pack =
        Combinators.combine(fen, Arbitraries.integers().between(1, 40))
            .as((m, n) -> new PrepaidPurchase.Pack(yuan(m), n, 0));
    Arbitrary<PrepaidPurchase> membership =
        Combinators.combine(fen, Arbitraries.integers().between(1, 800))
            .as((m, d) -> new PrepaidPurchase.Membership(yuan(m), Duration.ofDays(d), 0));
    return Arbitraries.oneOf(stored, pack, membership).list().ofMaxSize(30);
  }

  @Test
  void eachLimitRefusesItsOwnKindAndTheTotalRefusesAnyKind() {
    PrepaidHoldings fullWallet = new PrepaidHoldings(500_000, 0, 0, 0);
    assertThat(fullWallet.refusal(SH, new PrepaidPurchase.StoredValue(yuan(1)))).isPresent();
    assertThat(fullWallet.refusal(SH, new PrepaidPurchase.Pack(yuan(100_000), 10, 0))).isEmpty();

    PrepaidHoldings sixtySessions = new PrepaidHoldings(0, 600_000, 60, 0);
    assertThat(sixtySessions.refusal(SH, new PrepaidPurchase.Pack(yuan(1), 1, 0))).isPresent();
    assertThat(sixtySessions.refusal(SH, new PrepaidPurchase.StoredValue(yuan(100_000)))).isEmpty();

    PrepaidHoldings nearTotal = new PrepaidHoldings(400_000, 1_500_000, 30, 100_000);
    assertThat(nearTotal.refusal(SH, new PrepaidPurchase.StoredValue(yuan(1)))).isPresent();
    assertThat(
            nearTotal.refusal(SH, new PrepaidPurchase.Membership(yuan(1), Duration.ofDays(30), 0)))
        .isPresent();
  }

  @Test
  void aPassPaidFromTheWalletCountsOnlyWhatItAddsToTheTotal() {
    // ¥5,000 of principal in the wallet (and its bonus), ¥14,000 of packs: a ¥5,000 pack paid
    // from the wallet takes ¥4,545.45 of principal and ¥454.55 of bonus, so the total grows by
    // the bonus part only; paid through a provider, it would grow by all of it.
    PrepaidHoldings held = new PrepaidHoldings(500_000, 1_400_000, 30, 0);
    PrepaidPurchase fromWallet = new PrepaidPurchase.Pack(yuan(500_000), 10, 454_545);

    assertThat(held.refusal(SH, fromWallet)).isEmpty();
    assertThat(held.plus(fromWallet).totalMinor()).isEqualTo(1_945_455);
    assertThat(held.refusal(SH, new PrepaidPurchase.Pack(yuan(500_000), 10, 0))).isPresent();
  }

  @Test
  void aPlanNoMemberCouldBuyIsRefusedOnItsOwn() {
    PrepaidHoldings none = PrepaidHoldings.NONE;
    assertThat(none.refusal(SH, new PrepaidPurchase.StoredValue(yuan(500_001)))).isPresent();
    assertThat(none.refusal(SH, new PrepaidPurchase.StoredValue(yuan(500_000)))).isEmpty();
    assertThat(none.refusal(SH, new PrepaidPurchase.Pack(yuan(2_000_001), 10, 0))).isPresent();
    assertThat(none.refusal(SH, new PrepaidPurchase.Pack(yuan(2_000_000), 61, 0))).isPresent();
    assertThat(none.refusal(SH, new PrepaidPurchase.Pack(yuan(2_000_000), 60, 0))).isEmpty();
    assertThat(
            none.refusal(
                SH, new PrepaidPurchase.Membership(yuan(500_000), Duration.ofDays(732), 0)))
        .isPresent();
    assertThat(
            none.refusal(
                SH, new PrepaidPurchase.Membership(yuan(500_000), Duration.ofDays(731), 0)))
        .isEmpty();
    assertThat(none.refusal(SH, new PrepaidPurchase.StoredValue(new Money(100, "USD"))))
        .hasValueSatisfying(why -> assertThat(why).contains("CNY"));
    List<String> reasons = new ArrayList<>();
    none.refusal(SH, new PrepaidPurchase.Membership(yuan(500_001), Duration.ofDays(30), 0))
        .ifPresent(reasons::add);
    assertThat(reasons).singleElement().asString().contains("memberships");
  }
}
