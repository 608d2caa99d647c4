package fairslot.member.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.WechatAccountStore;
import fairslot.member.app.WechatAccountStore.Account;
import fairslot.member.domain.WechatUser;
import fairslot.testing.Race;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every WechatAccountStore must do: on the fake (MemoryWechatAccountStoreTest), on the
 * emulator (DynamoDbWechatAccountStoreIT) and on dynoxide (DynoxideWechatAccountStoreIT).
 */
public abstract class WechatAccountStoreContract {

  protected abstract WechatAccountStore fresh();

  private static WechatUser open(String openId) {
    return new WechatUser(openId, Optional.empty());
  }

  @Test
  void theFirstSignInCreatesTheMemberAndEveryLaterOneFindsThem() {
    WechatAccountStore store = fresh();

    assertThat(store.claim(open("o-1"), "u-new", NOW)).isEqualTo(new Account("u-new", true));
    assertThat(store.claim(open("o-1"), "u-other", NOW)).isEqualTo(new Account("u-new", false));
    assertThat(store.claim(open("o-2"), "u-two", NOW)).isEqualTo(new Account("u-two", true));
  }

  @Test
  void aUnionidFindsTheMemberAcrossAppsAndJoinsAMemberFirstSeenByOpenid() {
    WechatAccountStore store = fresh();
    store.claim(new WechatUser("o-app1", Optional.of("union-1")), "u-1", NOW);
    store.claim(open("o-later"), "u-2", NOW);

    // the same person in another of the venue's apps: another openid, the same unionid
    assertThat(store.claim(new WechatUser("o-app2", Optional.of("union-1")), "u-x", NOW))
        .isEqualTo(new Account("u-1", false));
    // the mini-program bound to the Open Platform later: the unionid joins the openid's member
    assertThat(store.claim(new WechatUser("o-later", Optional.of("union-2")), "u-y", NOW))
        .isEqualTo(new Account("u-2", false));
    assertThat(store.claim(new WechatUser("o-other", Optional.of("union-2")), "u-z", NOW))
        .isEqualTo(new Account("u-2", false));
  }

  @Test
  void thirtyTwoSignInsRacingWithOneNewUserCreateOneMember() throws Exception {
    WechatAccountStore store = fresh();

    List<Account> answers =
        Race.all(
            32,
            i -> () -> store.claim(new WechatUser("o-race", Optional.of("u-race")), "m-" + i, NOW));

    assertThat(answers.stream().map(Account::userId).distinct()).hasSize(1);
    assertThat(answers).filteredOn(Account::isNew).hasSize(1);
  }
}
