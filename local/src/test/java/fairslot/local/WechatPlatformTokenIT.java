package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.kernel.Unavailable;
import fairslot.local.wechatpay.FakeWechatPay;
import fairslot.member.app.PlatformAccessTokens;
import fairslot.member.app.PlatformTokenStore;
import fairslot.messaging.wechatpay.WechatPayConfig;
import fairslot.messaging.wechatpay.WechatServerApi;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The platform access_token (API.md v1.3, issue 63) through real HTTP to the fake's stable_token:
 * twenty cold containers asking at once make one call to WeChat, and a wrong secret is a 503-shaped
 * Unavailable, never a token. (The table's side, DynamoDbPlatformTokenStore, has its own contract
 * suite on the emulators; here one shared item stands for the table.)
 */
class WechatPlatformTokenIT {
  private static final Clock CLOCK = Clock.systemUTC();

  /** The table's item, shared by every container: the lease and the token. */
  private static final class SharedItem implements PlatformTokenStore {
    private PlatformToken token;
    private String leaseBy;
    private Instant leaseUntil = Instant.EPOCH;

    @Override
    public synchronized Optional<PlatformToken> current(String appId) {
      return Optional.ofNullable(token);
    }

    @Override
    public synchronized boolean lease(String appId, String holder, Instant now, Instant until) {
      if (leaseBy != null && !leaseUntil.isBefore(now)) {
        return false;
      }
      leaseBy = holder;
      leaseUntil = until;
      return true;
    }

    @Override
    public synchronized void expire(String appId, String value, Instant now) {
      if (token != null && token.value().equals(value)) {
        token = new PlatformToken(value, now);
      }
    }

    @Override
    public synchronized boolean keep(String appId, String holder, PlatformToken kept) {
      if (!holder.equals(leaseBy)) {
        return false;
      }
      token = kept;
      leaseBy = null;
      return true;
    }
  }

  @Test
  void coldContainersAskingAtOnceMakeOneCallToStableTokenAndShareItsToken() throws Exception {
    try (FakeWechatPay fake = FakeWechatPay.start(CLOCK)) {
      WechatPayConfig config = fake.config("http://127.0.0.1:9/notify");
      SharedItem table = new SharedItem();
      List<PlatformAccessTokens> containers = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        containers.add(
            new PlatformAccessTokens(
                table, new WechatServerApi(config, CLOCK), config.appId(), CLOCK));
      }
      ExecutorService pool = Executors.newFixedThreadPool(20);
      CountDownLatch go = new CountDownLatch(1);
      Set<String> tokens = ConcurrentHashMap.newKeySet();
      List<Future<?>> done = new ArrayList<>();
      for (PlatformAccessTokens c : containers) {
        done.add(
            pool.submit(
                () -> {
                  go.await();
                  tokens.add(c.token());
                  return null;
                }));
      }
      go.countDown();
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();

      assertThat(fake.miniProgram.calls()).isEqualTo(1);
      assertThat(tokens).hasSize(1).allMatch(t -> t.startsWith("local-token-"));
    }
  }

  @Test
  void aWrongSecretGivesNoTokenAndSaysSoWithoutTheSecret() {
    try (FakeWechatPay fake = FakeWechatPay.start(CLOCK)) {
      WechatPayConfig right = fake.config("http://127.0.0.1:9/notify");
      WechatPayConfig wrong =
          new WechatPayConfig(
              right.mchId(),
              right.appId(),
              right.merchantKey(),
              right.merchantSerial(),
              right.apiV3Key(),
              right.platformKeys(),
              right.certificates(),
              right.notifyUrl(),
              "not-the-secret",
              right.apiBase(),
              right.loginBase());
      PlatformAccessTokens tokens =
          new PlatformAccessTokens(
              new SharedItem(), new WechatServerApi(wrong, CLOCK), wrong.appId(), CLOCK);

      assertThatThrownBy(tokens::token)
          .isInstanceOf(Unavailable.class)
          .hasMessageContaining("40125")
          .hasMessageNotContaining("not-the-secret");
    }
  }
}
