package fairslot.member.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.PlatformTokenStore;
import fairslot.member.app.PlatformTokenStore.PlatformToken;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every PlatformTokenStore must do: on the fake (MemoryPlatformTokenStoreTest), on DynamoDB
 * (DynamoDbPlatformTokenStoreIT) and on dynoxide. One fetcher at a time; a lease that ran out is
 * anyone's; only the lease's holder keeps a token.
 */
public abstract class PlatformTokenStoreContract {
  private static final Instant NOW = Instant.parse("2026-12-07T08:00:00Z");

  protected abstract PlatformTokenStore fresh();

  private PlatformTokenStore store;
  private String appId;

  @BeforeEach
  void setUp() {
    store = fresh();
    appId = "wx" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Test
  void aTokenWechatRefusedIsMarkedExpiredUnlessANewOneIsKeptAlready() {
    PlatformToken refused = new PlatformToken("tok-1", NOW.plus(Duration.ofHours(2)));
    store.lease(appId, "a", NOW, NOW.plusSeconds(20));
    store.keep(appId, "a", refused);

    store.expire(appId, "tok-0", NOW.plusSeconds(5)); // an older token: nothing happens
    assertThat(store.current(appId)).contains(refused);
    store.expire(appId, "tok-1", NOW.plusSeconds(5));
    assertThat(store.current(appId)).contains(new PlatformToken("tok-1", NOW.plusSeconds(5)));
  }

  @Test
  void nothingIsKeptBeforeTheFirstFetch() {
    assertThat(store.current(appId)).isEmpty();
  }

  @Test
  void oneCallerHoldsTheLeaseUntilItRunsOut() {
    Instant until = NOW.plusSeconds(20);

    assertThat(store.lease(appId, "a", NOW, until)).isTrue();
    assertThat(store.lease(appId, "b", NOW.plusSeconds(5), NOW.plusSeconds(25))).isFalse();
    assertThat(store.lease(appId, "b", until.plusMillis(1), until.plusSeconds(20))).isTrue();
  }

  @Test
  void theHolderKeepsItsTokenAndFreesTheLeaseAndNobodyElseKeepsOne() {
    PlatformToken first = new PlatformToken("tok-1", NOW.plus(Duration.ofHours(2)));
    store.lease(appId, "a", NOW, NOW.plusSeconds(20));

    assertThat(store.keep(appId, "b", new PlatformToken("forged", NOW.plusSeconds(60)))).isFalse();
    assertThat(store.keep(appId, "a", first)).isTrue();

    assertThat(store.current(appId)).contains(first);
    assertThat(store.lease(appId, "b", NOW.plusSeconds(1), NOW.plusSeconds(21))).isTrue();
    assertThat(store.keep(appId, "a", new PlatformToken("late", NOW.plusSeconds(60)))).isFalse();
    assertThat(store.current(appId)).contains(first);
  }
}
