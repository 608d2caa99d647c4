package fairslot.messaging.wechatpay;

import com.wechat.pay.java.core.cipher.Verifier;
import com.wechat.pay.java.core.util.PemUtil;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * WeChat Pay's platform keys that fairslot trusts, by the serial {@code Wechatpay-Serial} names
 * (API.md v1.3): several at once, so a rotation drops nothing. In public-key mode they are the keys
 * of the secret (the old and the new one while WeChat switches). On platform certificates they are
 * downloaded ({@link PlatformCertificates}), every 12 hours and when a serial is not known (at most
 * once a minute, so a forger cannot make fairslot download on every request). Verifies responses
 * (through the SDK's validator) and notifications alike; fails closed on an unknown serial.
 */
final class PlatformKeys implements Verifier {
  static final Duration REFRESH = Duration.ofHours(12);
  static final Duration UNKNOWN_SERIAL_PAUSE = Duration.ofMinutes(1);

  private final Map<String, PublicKey> keys = new ConcurrentHashMap<>();
  private final Optional<Source> certificates;
  private final Clock clock;
  private final String first;
  private volatile Instant refreshedAt = Instant.MIN;

  /** When an unknown serial last made fairslot download: once a minute at most. */
  private volatile Instant askedAt = Instant.MIN;

  /** Where certificates come from: WeChat ({@link PlatformCertificates}), or a test's. */
  interface Source {
    Map<String, PublicKey> download(Map<String, PublicKey> trusted);
  }

  PlatformKeys(Map<String, String> pems, Optional<Source> certificates, Clock clock) {
    pems.forEach((id, pem) -> keys.put(id, PemUtil.loadPublicKeyFromString(pem)));
    this.certificates = certificates;
    this.clock = clock;
    this.first = pems.keySet().stream().findFirst().orElse("");
  }

  /** The key {@code serial} names, downloading the certificates if due or if it is not known. */
  Optional<PublicKey> key(String serial) {
    if (certificates.isPresent()) {
      Instant now = clock.instant();
      boolean due = !refreshedAt.plus(REFRESH).isAfter(now);
      if (due) {
        refresh(now);
      } else if (!keys.containsKey(serial) && !askedAt.plus(UNKNOWN_SERIAL_PAUSE).isAfter(now)) {
        askedAt = now; // a serial seen first: a rotation, or a forger's
        refresh(now);
      }
    }
    return Optional.ofNullable(keys.get(serial));
  }

  private synchronized void refresh(Instant now) {
    try {
      Map<String, PublicKey> found = certificates.orElseThrow().download(keys);
      keys.putAll(found); // an expired one is not listed any more, but may still sign a retry
      refreshedAt = now;
    } catch (RuntimeException unreachable) {
      // the keys known stay; asked again after the pause
    }
  }

  @Override
  public boolean verify(String serial, String message, String signature) {
    Optional<PublicKey> key = key(serial);
    if (key.isEmpty()) {
      return false;
    }
    return verify(key.get(), message, signature);
  }

  static boolean verify(PublicKey key, String message, String signature) {
    try {
      Signature s = Signature.getInstance("SHA256withRSA");
      s.initVerify(key);
      s.update(message.getBytes(StandardCharsets.UTF_8));
      return s.verify(Base64.getDecoder().decode(signature));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * The key to encrypt a field for WeChat with (bank details), and its serial for {@code
   * Wechatpay-Serial}: the first configured key, or on certificates one downloaded.
   */
  Optional<Map.Entry<String, PublicKey>> forEncryption() {
    String serial = getSerialNumber();
    return key(serial).map(k -> Map.entry(serial, k));
  }

  /** The serial the SDK names when it encrypts a field for WeChat: the first configured key. */
  @Override
  public String getSerialNumber() {
    if (first.isEmpty()) {
      key(""); // on certificates: downloaded when due
    }
    return first.isEmpty() ? keys.keySet().stream().sorted().findFirst().orElse("") : first;
  }
}
