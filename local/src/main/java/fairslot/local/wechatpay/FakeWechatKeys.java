package fairslot.local.wechatpay;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.util.Base64;
import java.util.HexFormat;
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
  final KeyPair platform = rsa();
  final String merchantSerial = HexFormat.of().withUpperCase().formatHex(bytes(20));
  final String platformKeyId = "PUB_KEY_ID_" + HexFormat.of().formatHex(bytes(12));
  final String apiV3Key = text(32);

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
    return pem("PUBLIC KEY", platform.getPublic().getEncoded());
  }

  /** SHA256withRSA with WeChat's platform key, base64: responses' and notifications' signature. */
  String signAsWechat(String message) {
    try {
      Signature s = Signature.getInstance("SHA256withRSA");
      s.initSign(platform.getPrivate());
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
