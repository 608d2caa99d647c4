package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.wechat.pay.java.core.cipher.RSAPrivacyEncryptor;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.http.HttpMethod;
import com.wechat.pay.java.core.http.HttpRequest;
import com.wechat.pay.java.core.http.JsonRequestBody;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import fairslot.money.domain.AbnormalRefund;
import fairslot.payment.app.PaymentProvider.RefundAttempt;
import fairslot.shared.Json;
import java.security.PublicKey;
import java.util.Map;
import java.util.Optional;

/**
 * 申请退款异常处理 ({@code POST /v3/refund/domestic/refunds/{refund_id}/apply-abnormal-refund}): an
 * ABNORMAL refund (the payer's card closed, say) sent to another bank card of the payer's, or to
 * the merchant's account. The refund is looked up first: one WeChat processes again already (an
 * earlier try whose answer was lost) is not applied twice. The payer's bank details are encrypted
 * with a platform key, named by {@code Wechatpay-Serial}, and never kept.
 */
final class WechatAbnormalRefunds {
  private static final String API = "https://api.mch.weixin.qq.com";

  private final RefundService refunds;
  private final HttpClient http;
  private final PlatformKeys keys;

  WechatAbnormalRefunds(RefundService refunds, HttpClient http, PlatformKeys keys) {
    this.refunds = refunds;
    this.http = http;
    this.keys = keys;
  }

  RefundAttempt apply(String refundNo, AbnormalRefund to) {
    Refund refund;
    try {
      QueryByOutRefundNoRequest query = new QueryByOutRefundNoRequest();
      query.setOutRefundNo(refundNo);
      refund = refunds.queryByOutRefundNo(query);
    } catch (ServiceException e) {
      return WechatPayProvider.refusal(e.getHttpStatusCode(), e.getErrorCode());
    }
    String status = refund.getStatus() == null ? "" : refund.getStatus().name();
    if (status.equals("PROCESSING") || status.equals("SUCCESS")) {
      return RefundAttempt.ACCEPTED; // applied already
    }
    if (!status.equals("ABNORMAL")) {
      return new RefundAttempt.Refused("INVALID_REQUEST");
    }
    ObjectNode body = Json.object();
    body.put("out_refund_no", refundNo);
    body.put("type", to.type().name());
    HttpRequest.Builder request =
        new HttpRequest.Builder()
            .httpMethod(HttpMethod.POST)
            .url(
                API
                    + "/v3/refund/domestic/refunds/"
                    + refund.getRefundId()
                    + "/apply-abnormal-refund")
            .addHeader("Accept", "application/json");
    if (to.card().isPresent()) {
      Optional<Map.Entry<String, PublicKey>> key = keys.forEncryption();
      if (key.isEmpty()) {
        return new RefundAttempt.RetryLater("NO_PLATFORM_KEY");
      }
      RSAPrivacyEncryptor encryptor =
          new RSAPrivacyEncryptor(key.get().getValue(), key.get().getKey());
      body.put("bank_type", to.card().get().bankType());
      body.put("bank_account", encryptor.encrypt(to.card().get().bankAccount()));
      body.put("real_name", encryptor.encrypt(to.card().get().realName()));
      request.addHeader("Wechatpay-Serial", key.get().getKey());
    }
    request.body(new JsonRequestBody.Builder().body(Json.write(body)).build());
    try {
      http.execute(request.build(), Refund.class);
      return RefundAttempt.ACCEPTED;
    } catch (ServiceException e) {
      return WechatPayProvider.refusal(e.getHttpStatusCode(), e.getErrorCode());
    }
  }
}
