package fairslot.local.wechatpay;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The test keys of one fake merchant, made at start-up: the merchant's key pair (fairslot signs
 * with it, the fake checks), WeChat's platform key pair (the fake signs, fairslot checks) and an
 * APIv3 key. Plain JDK crypto, not the SDK's, so the fake is an independent check of the adapter.
 */
public final class FakeWechatKeys {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String ALPHANUMERIC =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  final KeyPair merchant = rsa();
  final String merchantSerial = HexFormat.of().withUpperCase().formatHex(bytes(20));
  final String apiV3Key = text(32);

  /**
   * WeChat's platform keys, oldest first; the last signs. Each has a public key id ({@code
   * PUB_KEY_ID_...}, named by {@code Wechatpay-Serial} in public-key mode) and a certificate (its
   * serial named instead, for a merchant on platform certificates).
   */
  private final List<PlatformKey> platform = new CopyOnWriteArrayList<>(List.of(platformKey()));

  /** Whether this merchant is on platform certificates rather than the public key. */
  final boolean certificates;

  FakeWechatKeys(boolean certificates) {
    this.certificates = certificates;
  }

  /** One platform key pair, its id and its self-signed certificate (valid for five years). */
  record PlatformKey(KeyPair pair, String keyId, String certSerial, byte[] certificate) {}

  private static PlatformKey platformKey() {
    KeyPair pair = rsa();
    BigInteger serial = new BigInteger(1, bytes(20));
    Instant now = Instant.now();
    return new PlatformKey(
        pair,
        "PUB_KEY_ID_" + HexFormat.of().formatHex(bytes(12)),
        serial.toString(16).toUpperCase(Locale.ROOT),
        SelfSignedCertificate.der(
            pair,
            serial,
            now.minus(Duration.ofDays(1)),
            now.plus(Duration.ofDays(5 * 365)),
            "Tenpay.com Root CA fake"));
  }

  PlatformKey current() {
    return platform.get(platform.size() - 1);
  }

  List<PlatformKey> platformKeys() {
    return List.copyOf(platform);
  }

  /** A new platform key signs from now on; the old ones stay listed. Its serial. */
  String rotate() {
    platform.add(platformKey());
    return platformSerial();
  }

  /** The private half of the platform key {@code serial} names (its id or its certificate's). */
  Optional<PrivateKey> privateKeyOf(String serial) {
    return platform.stream()
        .filter(k -> k.keyId().equals(serial) || k.certSerial().equals(serial))
        .map(k -> k.pair().getPrivate())
        .findFirst();
  }

  /** What {@code Wechatpay-Serial} names for the signing key, in this merchant's mode. */
  String platformSerial() {
    return certificates ? current().certSerial() : current().keyId();
  }

  static String text(int length) {
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      b.append(ALPHANUMERIC.charAt(RANDOM.nextInt(ALPHANUMERIC.length())));
    }
    return b.toString();
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }

  private static KeyPair rsa() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048, RANDOM);
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  String merchantPrivatePem() {
    return pem("PRIVATE KEY", merchant.getPrivate().getEncoded());
  }

  String platformPublicPem() {
    return pem("PUBLIC KEY", current().pair().getPublic().getEncoded());
  }

  /** SHA256withRSA with WeChat's platform key, base64: responses' and notifications' signature. */
  String signAsWechat(String message) {
    try {
      Signature s = Signature.getInstance("SHA256withRSA");
      s.initSign(current().pair().getPrivate());
      s.update(message.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(s.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
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

  /** AEAD_AES_256_GCM with the APIv3 key, as a notification's resource is encrypted. */
  String encrypt(String associatedData, String nonce, String plaintext) {
    try {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(
          Cipher.ENCRYPT_MODE,
          new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
          new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
      c.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder()
          .encodeToString(c.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
