package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Cipher;

/**
 * 申请退款异常处理 at the fake: an ABNORMAL refund, by WeChat's refund id, goes back to PROCESSING to the
 * merchant's account ({@code MERCHANT_BANK_CARD}) or a bank card of the payer's ({@code
 * USER_BANK_CARD}, whose number and holder must decrypt with the platform key {@code
 * Wechatpay-Serial} names: RSA OAEP, as WeChat's sensitive fields are).
 */
final class FakeAbnormalRefunds {
  private FakeAbnormalRefunds() {}

  static FakeOrders.Answer apply(FakeWechatPay fake, String refundId, JsonNode in, String serial) {
    Optional<RefundOrder> refund =
        fake.refunds.values().stream().filter(r -> r.refundId.equals(refundId)).findFirst();
    if (refund.isEmpty()) {
      return FakeOrders.Answer.fail(404, "RESOURCE_NOT_EXISTS", "no such refund");
    }
    if (!refund.get().outRefundNo.equals(in.path("out_refund_no").asText())) {
      return FakeOrders.Answer.fail(400, "PARAM_ERROR", "out_refund_no is not this refund's");
    }
    String type = in.path("type").asText();
    if (type.equals("USER_BANK_CARD")) {
      Optional<PrivateKey> key = fake.keys.privateKeyOf(serial == null ? "" : serial);
      if (key.isEmpty()
          || in.path("bank_type").asText().isEmpty()
          || decrypts(key.get(), in.path("bank_account").asText()).isEmpty()
          || decrypts(key.get(), in.path("real_name").asText()).isEmpty()) {
        return FakeOrders.Answer.fail(
            400, "PARAM_ERROR", "the bank card is missing or not encrypted for us");
      }
    } else if (!type.equals("MERCHANT_BANK_CARD")) {
      return FakeOrders.Answer.fail(
          400, "PARAM_ERROR", "type is USER_BANK_CARD or MERCHANT_BANK_CARD");
    }
    if (!refund
        .get()
        .reapplied(type.equals("USER_BANK_CARD") ? "OTHER_BANKCARD" : "OTHER_BALANCE")) {
      return FakeOrders.Answer.fail(400, "INVALID_REQUEST", "the refund is not ABNORMAL");
    }
    return FakeOrders.Answer.ok(refund.get().json());
  }

  private static Optional<String> decrypts(PrivateKey key, String ciphertext) {
    try {
      Cipher c = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
      c.init(Cipher.DECRYPT_MODE, key);
      String plain =
          new String(c.doFinal(Base64.getDecoder().decode(ciphertext)), StandardCharsets.UTF_8);
      return plain.isEmpty() ? Optional.empty() : Optional.of(plain);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
