package fairslot.member.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.WechatIdentityStore;
import org.junit.jupiter.api.Test;

/**
 * What every WechatIdentityStore must do: on the fake (MemoryWechatIdentityStoreTest) and on
 * DynamoDB (DynamoDbWechatIdentityStoreIT). A newer login's openid replaces an older one, never the
 * reverse.
 */
public abstract class WechatIdentityStoreContract {

  protected abstract WechatIdentityStore fresh();

  @Test
  void aMemberWithoutALinkHasNoOpenId() {
    assertThat(fresh().openId("u-none")).isEmpty();
  }

  @Test
  void aLinkIsReadBackForItsMemberOnly() {
    WechatIdentityStore store = fresh();
    store.link("u-1", "o-1", NOW);
    assertThat(store.openId("u-1")).contains("o-1");
    assertThat(store.openId("u-2")).isEmpty();
  }

  @Test
  void aNewerLoginReplacesTheOpenIdAndAnOlderOneArrivingLateDoesNot() {
    WechatIdentityStore store = fresh();
    store.link("u-1", "o-old", NOW);
    store.link("u-1", "o-new", NOW.plusSeconds(60));
    store.link("u-1", "o-late", NOW.plusSeconds(30));
    assertThat(store.openId("u-1")).contains("o-new");
  }
}
