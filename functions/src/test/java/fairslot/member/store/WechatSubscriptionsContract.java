package fairslot.member.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.WechatSubscriptions;
import fairslot.member.app.WechatSubscriptions.Take;
import fairslot.testing.Race;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every WechatSubscriptions must do: on the fake (MemoryWechatSubscriptionsTest), on the
 * emulator (DynamoDbWechatSubscriptionsIT) and on dynoxide (DynoxideWechatSubscriptionsIT).
 */
public abstract class WechatSubscriptionsContract {

  protected abstract WechatSubscriptions fresh();

  @Test
  void eachAcceptIsOneSendAndADeliveryTriedAgainTakesNoSecond() {
    WechatSubscriptions subs = fresh();
    subs.grant("u1", "t-confirm", 2, "g1", NOW);
    subs.grant("u1", "t-confirm", 2, "g1", NOW); // the same grant again adds nothing

    assertThat(subs.take("u1", "t-confirm", "d1", NOW)).isEqualTo(Take.TAKEN);
    assertThat(subs.take("u1", "t-confirm", "d1", NOW)).isEqualTo(Take.TAKEN);
    assertThat(subs.sendsLeft("u1")).isEqualTo(Map.of("t-confirm", 1));
    assertThat(subs.take("u1", "t-confirm", "d2", NOW)).isEqualTo(Take.TAKEN);
    assertThat(subs.take("u1", "t-confirm", "d3", NOW)).isEqualTo(Take.NONE_LEFT);
    assertThat(subs.take("u1", "t-other", "d4", NOW)).isEqualTo(Take.NONE_LEFT);
    assertThat(subs.sendsLeft("u2")).isEmpty();
  }

  @Test
  void wechatSayingNoneLeftSetsTheCountToNone() {
    WechatSubscriptions subs = fresh();
    subs.grant("u1", "t-confirm", 3, "g1", NOW);
    subs.spent("u1", "t-confirm", NOW);
    subs.spent("u1", "t-never", NOW);

    assertThat(subs.sendsLeft("u1")).isEqualTo(Map.of("t-confirm", 0));
    assertThat(subs.take("u1", "t-confirm", "d1", NOW)).isEqualTo(Take.NONE_LEFT);
  }

  @Test
  void twentyDeliveriesRacingForFiveSendsTakeExactlyFive() throws Exception {
    WechatSubscriptions subs = fresh();
    subs.grant("u1", "t-confirm", 3, "g1", NOW);
    subs.grant("u1", "t-confirm", 2, "g2", NOW);

    List<Take> takes = Race.all(20, i -> () -> subs.take("u1", "t-confirm", "d" + i, NOW));

    assertThat(takes).filteredOn(t -> t == Take.TAKEN).hasSize(5);
    assertThat(subs.sendsLeft("u1")).isEqualTo(Map.of("t-confirm", 0));
  }
}
