package fairslot.messaging.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Platform certificates are downloaded when due (every 12 hours) and when a serial is seen first,
 * but an unknown serial makes fairslot download at most once a minute: a forger sending made-up
 * serials cannot make it call WeChat on every request.
 */
class PlatformKeysTest {
  private Instant now = Instant.parse("2026-12-07T00:00:00Z");
  private final Clock clock =
      new Clock() {
        @Override
        public ZoneOffset getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }

        @Override
        public Instant instant() {
          return now;
        }
      };
  private final AtomicInteger downloads = new AtomicInteger();
  private final Map<String, PublicKey> listed = new ConcurrentHashMap<>();
  private final PlatformKeys keys =
      new PlatformKeys(
          Map.of(),
          Optional.of(
              trusted -> {
                downloads.incrementAndGet();
                return Map.copyOf(listed);
              }),
          clock);

  private static PublicKey rsa() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    KeyPair pair = g.generateKeyPair();
    return pair.getPublic();
  }

  @Test
  void aRotatedSerialIsDownloadedOnceAndForgedSerialsAtMostOnceAMinute() throws Exception {
    listed.put("OLD", rsa());
    assertThat(keys.key("OLD")).isPresent();
    assertThat(downloads).hasValue(1);

    listed.put("NEW", rsa()); // WeChat rotates
    assertThat(keys.key("NEW")).as("a serial seen first is looked for").isPresent();
    assertThat(downloads).hasValue(2);

    for (int i = 0; i < 50; i++) {
      assertThat(keys.key("FORGED-" + i)).isEmpty();
    }
    assertThat(downloads).as("within a minute of the last look: none").hasValue(2);
    now = now.plus(Duration.ofMinutes(2));
    for (int i = 0; i < 50; i++) {
      assertThat(keys.key("FORGED-" + i)).isEmpty();
    }
    assertThat(downloads).as("50 made-up serials a minute later: one download").hasValue(3);

    now = now.plus(Duration.ofHours(12));
    assertThat(keys.key("OLD")).isPresent();
    assertThat(downloads).as("due every 12 hours").hasValue(4);
  }
}
