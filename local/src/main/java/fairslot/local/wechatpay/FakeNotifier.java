package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * WeChat Pay's notifications as WeChat sends them: the outcome encrypted with the APIv3 key into
 * {@code resource}, the whole body signed with the platform key over {@code
 * timestamp\nnonce\nbody\n}, in exact-case {@code Wechatpay-*} headers. One delivery each (WeChat
 * would retry; a test replays from the recorded headers and body instead).
 */
final class FakeNotifier {
  private final FakeWechatKeys keys;
  private final Clock clock;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private volatile URI target;

  /** Instead of HTTP: hand the headers and body to this, which answers the route's status. */
  private volatile BiFunction<Map<String, String>, String, Integer> sink;

  void sink(BiFunction<Map<String, String>, String, Integer> sink) {
    this.sink = sink;
  }

  FakeNotifier(FakeWechatKeys keys, Clock clock) {
    this.keys = keys;
    this.clock = clock;
  }

  void target(URI notifyUrl) {
    this.target = notifyUrl;
  }

  Map<String, Object> transaction(Order order) {
    Map<String, Object> sent = send("TRANSACTION.SUCCESS", "transaction", "支付成功", order.json());
    sent.put("outTradeNo", order.outTradeNo); // the fake's note of which order; not sent
    return sent;
  }

  Map<String, Object> refund(RefundOrder refund) {
    ObjectNode r = refund.json();
    r.remove("status"); // a refund notification names it refund_status
    Map<String, Object> sent =
        send("REFUND." + refund.status(), "refund", "退款状态 " + refund.status(), r);
    sent.put("outRefundNo", refund.outRefundNo);
    return sent;
  }

  /** The body WeChat would send for the order as it is now, encrypted, not sent. */
  String transactionBody(Order order) {
    return body("TRANSACTION.SUCCESS", "transaction", "支付成功", order.json());
  }

  private String body(String eventType, String originalType, String summary, ObjectNode plaintext) {
    String nonce = FakeWechatKeys.text(12);
    ObjectNode body = Json.object();
    body.put("id", UUID.randomUUID().toString());
    body.put("create_time", clock.instant().toString());
    body.put("resource_type", "encrypt-resource");
    body.put("event_type", eventType);
    body.put("summary", summary);
    ObjectNode resource = body.putObject("resource");
    resource.put("original_type", originalType);
    resource.put("algorithm", "AEAD_AES_256_GCM");
    resource.put("ciphertext", keys.encrypt(originalType, nonce, Json.write(plaintext)));
    resource.put("associated_data", originalType);
    resource.put("nonce", nonce);
    return Json.write(body);
  }

  private Map<String, Object> send(
      String eventType, String originalType, String summary, ObjectNode plaintext) {
    String raw = body(eventType, originalType, summary, plaintext);
    String timestamp = Long.toString(clock.instant().getEpochSecond());
    String headerNonce = FakeWechatKeys.text(32);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Wechatpay-Timestamp", timestamp);
    headers.put("Wechatpay-Nonce", headerNonce);
    headers.put("Wechatpay-Serial", keys.platformSerial());
    headers.put("Wechatpay-Signature-Type", "WECHATPAY2-SHA256-RSA2048");
    headers.put(
        "Wechatpay-Signature",
        keys.signAsWechat(timestamp + "\n" + headerNonce + "\n" + raw + "\n"));
    Map<String, Object> sent = new LinkedHashMap<>();
    sent.put("eventType", eventType);
    sent.put("headers", headers);
    sent.put("body", raw);
    sent.put("answered", deliver(headers, raw));
    return sent;
  }

  /** The notify route's status, or 0 when it could not be reached (WeChat would retry). */
  private int deliver(Map<String, String> headers, String raw) {
    var handOver = sink;
    if (handOver != null) {
      return handOver.apply(headers, raw);
    }
    URI to = target;
    if (to == null) {
      return 0;
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder(to)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(raw));
    headers.forEach(request::header);
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }
}
