package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.notification.domain.SubscribeTemplates;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A merchant's WeChat Pay settings, as kept in its Secrets Manager secret (one JSON object). The
 * two bases are WeChat's own hosts unless the secret names others (the local fakes).
 *
 * @param mchId the merchant number
 * @param appId the mini-program's appid
 * @param merchantKey the merchant API private key (PKCS#8 PEM) that signs requests and paySign
 * @param merchantSerial the serial of the merchant API certificate
 * @param apiV3Key the 32-byte APIv3 key that decrypts notifications
 * @param platformKeys WeChat Pay's public keys (PEM) by id ({@code PUB_KEY_ID_...}, named by {@code
 *     Wechatpay-Serial}), which sign responses and notifications: {@code platformPublicKey} and
 *     {@code platformPublicKeyId}, and any more in {@code platformPublicKeys: [{id, pem}]} (a
 *     rotation: the old and the new key, both trusted until WeChat has switched)
 * @param certificates the merchant is on platform certificates instead ({@code "platformMode":
 *     "CERTIFICATE"}): they are downloaded from {@code GET /v3/certificates}, decrypted with the
 *     APIv3 key, and refreshed every 12 hours and whenever a serial is not known
 * @param notifyUrl where WeChat sends notifications: this deployment's notify route
 * @param appSecret the mini-program's secret, for code2Session
 * @param templates the mini-program's subscribe-message templates ({@code subscribeTemplates}:
 *     {@link SubscribeTemplatesJson})
 */
public record WechatPayConfig(
    String mchId,
    String appId,
    String merchantKey,
    String merchantSerial,
    String apiV3Key,
    Map<String, String> platformKeys,
    boolean certificates,
    String notifyUrl,
    String appSecret,
    URI apiBase,
    URI loginBase,
    SubscribeTemplates templates) {
  public static final URI API = URI.create("https://api.mch.weixin.qq.com");
  public static final URI LOGIN = URI.create("https://api.weixin.qq.com");

  public WechatPayConfig {
    if (apiV3Key.getBytes(StandardCharsets.UTF_8).length != 32) {
      throw new IllegalArgumentException("the APIv3 key must be 32 bytes");
    }
    platformKeys = Collections.unmodifiableMap(new LinkedHashMap<>(platformKeys));
    if (platformKeys.isEmpty() && !certificates) {
      throw new IllegalArgumentException("public-key mode needs WeChat Pay's public key");
    }
  }

  /** Settings without subscribe-message templates. */
  public WechatPayConfig(
      String mchId,
      String appId,
      String merchantKey,
      String merchantSerial,
      String apiV3Key,
      Map<String, String> platformKeys,
      boolean certificates,
      String notifyUrl,
      String appSecret,
      URI apiBase,
      URI loginBase) {
    this(
        mchId,
        appId,
        merchantKey,
        merchantSerial,
        apiV3Key,
        platformKeys,
        certificates,
        notifyUrl,
        appSecret,
        apiBase,
        loginBase,
        SubscribeTemplates.NONE);
  }

  /** These settings with {@code templates}. */
  public WechatPayConfig withTemplates(SubscribeTemplates templates) {
    return new WechatPayConfig(
        mchId,
        appId,
        merchantKey,
        merchantSerial,
        apiV3Key,
        platformKeys,
        certificates,
        notifyUrl,
        appSecret,
        apiBase,
        loginBase,
        templates);
  }

  /** One platform public key, as the secret names it: public-key mode with one key. */
  public WechatPayConfig(
      String mchId,
      String appId,
      String merchantKey,
      String merchantSerial,
      String apiV3Key,
      String platformKey,
      String platformKeyId,
      String notifyUrl,
      String appSecret,
      URI apiBase,
      URI loginBase) {
    this(
        mchId,
        appId,
        merchantKey,
        merchantSerial,
        apiV3Key,
        Map.of(platformKeyId, platformKey),
        false,
        notifyUrl,
        appSecret,
        apiBase,
        loginBase);
  }

  /** The secret's settings; empty while it is the stack's placeholder {@code {"enabled":false}}. */
  public static Optional<WechatPayConfig> fromSecret(String secret) {
    JsonNode n;
    try {
      n = Json.mapper().readTree(secret);
    } catch (IOException e) {
      throw new IllegalStateException("the WeChat Pay secret is not JSON");
    }
    return n.path("enabled").asBoolean(true) ? Optional.of(fromJson(secret)) : Optional.empty();
  }

  /** Reads the secret's JSON; a missing field fails here, at init (fail closed). */
  public static WechatPayConfig fromJson(String secret) {
    JsonNode n;
    try {
      n = Json.mapper().readTree(secret);
    } catch (IOException e) {
      throw new IllegalStateException("the WeChat Pay secret is not JSON");
    }
    boolean certificates = n.path("platformMode").asText("PUBLIC_KEY").equals("CERTIFICATE");
    Map<String, String> keys = new LinkedHashMap<>();
    if (!certificates || n.hasNonNull("platformPublicKeyId")) {
      keys.put(required(n, "platformPublicKeyId"), required(n, "platformPublicKey"));
    }
    for (JsonNode k : n.path("platformPublicKeys")) {
      keys.put(required(k, "id"), required(k, "pem"));
    }
    return new WechatPayConfig(
        required(n, "mchId"),
        required(n, "appId"),
        required(n, "merchantPrivateKey"),
        required(n, "merchantSerialNo"),
        required(n, "apiV3Key"),
        keys,
        certificates,
        required(n, "notifyUrl"),
        required(n, "appSecret"),
        n.hasNonNull("apiBase") ? URI.create(n.get("apiBase").asText()) : API,
        n.hasNonNull("loginBase") ? URI.create(n.get("loginBase").asText()) : LOGIN,
        SubscribeTemplatesJson.read(n.path("subscribeTemplates")));
  }

  private static String required(JsonNode n, String field) {
    if (!n.hasNonNull(field) || n.get(field).asText().isBlank()) {
      throw new IllegalStateException("the WeChat Pay secret has no " + field);
    }
    return n.get(field).asText();
  }
}
