package fairslot.member.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.PlatformTokenStore.PlatformToken;
import fairslot.memory.MemoryPlatformTokenStore;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The platform access_token (issue 63): one for every function, fetched from stable_token by one
 * caller at a time, again only near its expiry.
 */
class PlatformAccessTokensTest {
  private static final Instant NOW = Instant.parse("2026-12-07T08:00:00Z");

  private final TestClock clock = new TestClock(NOW);
  private final MemoryPlatformTokenStore store = new MemoryPlatformTokenStore();

  /** WeChat's stable_token: a token for two hours, numbered by call; a little slow. */
  private final AtomicInteger fetches = new AtomicInteger();

  private final WechatPlatform wechat =
      new WechatPlatform() {
        @Override
        public PlatformToken stableToken() {
          int n = fetches.incrementAndGet();
          try {
            Thread.sleep(50);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return new PlatformToken("tok-" + n, clock.instant().plus(Duration.ofHours(2)));
        }

        @Override
        public PhoneAnswer phoneNumber(String accessToken, String code) {
          throw new UnsupportedOperationException("not asked here");
        }
      };

  /** One function container. */
  private PlatformAccessTokens container() {
    return new PlatformAccessTokens(store, wechat, "wxapp", clock);
  }

  @Test
  void aTokenIsFetchedOnceThenReadFromTheTableByEveryContainerAndFromMemoryByItsOwn() {
    PlatformAccessTokens first = container();

    String fetched = first.token();
    String again = first.token();
    String elsewhere = container().token();

    assertThat(fetched).isEqualTo("tok-1");
    assertThat(again).isEqualTo("tok-1");
    assertThat(elsewhere).isEqualTo("tok-1");
    assertThat(fetches).hasValue(1);
  }

  @Test
  void aTokenFiveMinutesFromItsExpiryIsFetchedAgainOnce() {
    PlatformAccessTokens one = container();
    PlatformAccessTokens two = container();
    one.token();

    clock.advance(Duration.ofMinutes(110)); // ten minutes left: still fresh
    String stillGood = two.token();
    clock.advance(Duration.ofMinutes(6)); // four minutes left
    String renewed = one.token();
    String seenByTheOther = two.token();

    assertThat(stillGood).isEqualTo("tok-1");
    assertThat(renewed).isEqualTo("tok-2");
    assertThat(seenByTheOther).isEqualTo("tok-2");
    assertThat(fetches).hasValue(2);
  }

  @Test
  void aTokenWechatRefusedEarlyIsFetchedAgainByTheNextCallerInAnyContainer() {
    PlatformAccessTokens one = container();
    PlatformAccessTokens two = container();
    String refused = one.token();

    one.rejected(refused);
    String next = two.token();
    String same = one.token();

    assertThat(next).isEqualTo("tok-2");
    assertThat(same).isEqualTo("tok-2");
    assertThat(fetches).hasValue(2);
  }

  @Test
  void aCrowdOfColdContainersAskingAtOnceFetchesOneToken() throws Exception {
    int callers = 64;
    List<PlatformAccessTokens> containers = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      containers.add(container());
    }
    ExecutorService pool = Executors.newFixedThreadPool(callers);
    CountDownLatch go = new CountDownLatch(1);
    Set<String> seen = ConcurrentHashMap.newKeySet();
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < callers; i++) {
      PlatformAccessTokens c = containers.get(i % containers.size());
      done.add(
          pool.submit(
              () -> {
                go.await();
                seen.add(c.token());
                return null;
              }));
    }
    go.countDown();
    for (Future<?> f : done) {
      f.get(60, TimeUnit.SECONDS);
    }
    pool.shutdown();

    assertThat(fetches).hasValue(1);
    assertThat(seen).containsExactly("tok-1");
  }
}
