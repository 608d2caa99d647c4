package fairslot.money.domain;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * The proportion rule (API.md v1.3 "One ledger"): a spend takes principal and bonus in the
 * balance's proportion, never more of either than there is, and exactly the amount; a refund gives
 * a part back in the proportion it was taken, and all of it gives back exactly what was taken.
 */
class WalletShareProperties {

  @Property
  void aSpendTakesExactlyTheAmountWithinEachPartInTheBalancesProportion(
      @ForAll @LongRange(min = 0, max = 10_000_000) long principal,
      @ForAll @LongRange(min = 0, max = 10_000_000) long bonus,
      @ForAll @LongRange(min = 0, max = 20_000_000) long amount) {
    WalletShare balance = new WalletShare(principal, bonus);

    var taken = balance.take(amount);

    if (amount > principal + bonus) {
      assertThat(taken).isEmpty();
      return;
    }
    WalletShare part = taken.orElseThrow();
    assertThat(part.totalMinor()).isEqualTo(amount);
    assertThat(part.within(balance)).isTrue();
    // within one minor unit of the exact proportion
    double exact = (double) amount * principal / Math.max(1, principal + bonus);
    assertThat(Math.abs(part.principalMinor() - exact)).isLessThanOrEqualTo(1.0);
  }

  @Property
  void aRefundGivesBackInTheProportionTakenAndAllOfItExactlyWhatWasTaken(
      @ForAll @LongRange(min = 0, max = 10_000_000) long principal,
      @ForAll @LongRange(min = 0, max = 10_000_000) long bonus,
      @ForAll @LongRange(min = 0, max = 100) long percent) {
    WalletShare taken = new WalletShare(principal, bonus);
    long refund = taken.totalMinor() * percent / 100;

    WalletShare back = taken.backOf(refund);

    assertThat(back.totalMinor()).isEqualTo(refund);
    assertThat(back.within(taken)).isTrue();
    assertThat(taken.backOf(taken.totalMinor())).isEqualTo(taken);
  }
}
