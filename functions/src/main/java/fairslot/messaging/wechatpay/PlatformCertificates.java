package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.wechat.pay.java.core.auth.Credential;
import com.wechat.pay.java.core.cipher.AeadAesCipher;
import fairslot.shared.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Date;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * WeChat Pay's platform certificates ({@code GET /v3/certificates}, 下载平台证书): each certificate in
 * the answer is AEAD_AES_256_GCM-encrypted with the APIv3 key; the answer itself is signed by one
 * of them (or a key already trusted), which is checked before any is trusted. Certificates not yet
 * valid or expired are left out. Keyed by serial in upper-case hex, as {@code Wechatpay-Serial}
 * names them.
 */
final class PlatformCertificates implements PlatformKeys.Source {
  static final String PATH = "/v3/certificates";

  private final URI base;
  private final Credential credential;
  private final AeadAesCipher cipher;
  private final Clock clock;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  PlatformCertificates(URI base, Credential credential, String apiV3Key, Clock clock) {
    this.base = base;
    this.credential = credential;
    this.cipher = new AeadAesCipher(apiV3Key.getBytes(StandardCharsets.UTF_8));
    this.clock = clock;
  }

  /** The certificates WeChat lists now; {@code trusted} may vouch for the answer too. */
  @Override
  public Map<String, PublicKey> download(Map<String, PublicKey> trusted) {
    HttpResponse<String> answer;
    try {
      answer =
          http.send(
              HttpRequest.newBuilder(base.resolve(PATH))
                  .timeout(Duration.ofSeconds(10))
                  .header(
                      "Authorization",
                      credential.getAuthorization(WechatPayConfig.API.resolve(PATH), "GET", ""))
                  .header("Accept", "application/json")
                  .header("User-Agent", "fairslot (java.net.http)")
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException("WeChat Pay's certificates did not come", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    if (answer.statusCode() != 200) {
      throw new IllegalStateException("WeChat Pay answered " + answer.statusCode());
    }
    Map<String, PublicKey> found = new HashMap<>();
    try {
      for (JsonNode c : Json.mapper().readTree(answer.body()).path("data")) {
        JsonNode e = c.path("encrypt_certificate");
        String pem =
            cipher.decrypt(
                e.path("associated_data").asText("").getBytes(StandardCharsets.UTF_8),
                e.path("nonce").asText().getBytes(StandardCharsets.UTF_8),
                Base64.getDecoder().decode(e.path("ciphertext").asText()));
        X509Certificate cert = certificate(pem);
        try {
          cert.checkValidity(Date.from(clock.instant()));
        } catch (CertificateException notNow) {
          continue;
        }
        found.put(
            cert.getSerialNumber().toString(16).toUpperCase(Locale.ROOT), cert.getPublicKey());
      }
    } catch (IOException | RuntimeException | CertificateException e) {
      throw new IllegalStateException("WeChat Pay's certificates did not read", e);
    }
    String serial = answer.headers().firstValue("Wechatpay-Serial").orElse("");
    PublicKey signer = found.containsKey(serial) ? found.get(serial) : trusted.get(serial);
    String message =
        answer.headers().firstValue("Wechatpay-Timestamp").orElse("")
            + "\n"
            + answer.headers().firstValue("Wechatpay-Nonce").orElse("")
            + "\n"
            + answer.body()
            + "\n";
    String signature = answer.headers().firstValue("Wechatpay-Signature").orElse("");
    if (signer == null || !PlatformKeys.verify(signer, message, signature)) {
      throw new IllegalStateException("WeChat Pay's certificates are not signed by one of them");
    }
    return found;
  }

  private static X509Certificate certificate(String pem) throws CertificateException {
    return (X509Certificate)
        CertificateFactory.getInstance("X.509")
            .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
  }
}
