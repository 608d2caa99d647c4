package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * {@code GET /v3/certificates} (下载平台证书): every platform certificate, the rotated ones too, each PEM
 * encrypted AEAD_AES_256_GCM with the APIv3 key (associated data {@code certificate}); the answer
 * is signed by the current key, as every answer is.
 */
final class FakeCertificates {
  private static final DateTimeFormatter RFC3339 =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX").withZone(ZoneOffset.ofHours(8));

  private FakeCertificates() {}

  static FakeOrders.Answer list(FakeWechatKeys keys) {
    ObjectNode out = Json.object();
    ArrayNode data = out.putArray("data");
    for (FakeWechatKeys.PlatformKey k : keys.platformKeys()) {
      ObjectNode c = data.addObject();
      c.put("serial_no", k.certSerial());
      c.put("effective_time", RFC3339.format(Instant.now().minusSeconds(86_400)));
      c.put("expire_time", RFC3339.format(Instant.now().plusSeconds(5L * 365 * 86_400)));
      String nonce = FakeWechatKeys.text(12);
      ObjectNode e = c.putObject("encrypt_certificate");
      e.put("algorithm", "AEAD_AES_256_GCM");
      e.put("nonce", nonce);
      e.put("associated_data", "certificate");
      e.put(
          "ciphertext",
          keys.encrypt("certificate", nonce, FakeWechatKeys.pem("CERTIFICATE", k.certificate())));
    }
    return FakeOrders.Answer.ok(out);
  }
}
