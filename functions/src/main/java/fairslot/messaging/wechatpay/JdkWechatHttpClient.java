package fairslot.messaging.wechatpay;

import com.wechat.pay.java.core.auth.Credential;
import com.wechat.pay.java.core.auth.Validator;
import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.http.AbstractHttpClient;
import com.wechat.pay.java.core.http.HttpRequest;
import com.wechat.pay.java.core.http.JsonRequestBody;
import com.wechat.pay.java.core.http.OriginalResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The SDK's HTTP client on {@code java.net.http}, so neither okhttp (with kotlin) nor Apache's
 * client ships in the jar. It sends to {@code base} (WeChat's host, or a local fake: the SDK's
 * hosts are fixed and the request signature covers only the path), retries I/O errors and 5xx
 * (every call fairslot makes is keyed by its order or refund number, so a resend is safe), and
 * gives the SDK the response headers in WeChat's exact spelling, which it reads case-sensitively.
 */
final class JdkWechatHttpClient extends AbstractHttpClient {
  static final int MAX_ATTEMPTS = 3;
  private static final List<String> WECHAT_HEADERS =
      List.of(
          "Wechatpay-Timestamp",
          "Wechatpay-Nonce",
          "Wechatpay-Signature",
          "Wechatpay-Serial",
          "Request-ID",
          "Content-Type");

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
  private final URI base;

  JdkWechatHttpClient(Credential credential, Validator validator, URI base) {
    super(credential, validator);
    this.base = base;
  }

  @Override
  protected OriginalResponse innerExecute(HttpRequest request) {
    java.net.http.HttpRequest.Builder out =
        java.net.http.HttpRequest.newBuilder(rebased(request.getUri()))
            .timeout(Duration.ofSeconds(10));
    Map<String, String> headers = request.getHeaders().getHeaders();
    headers.forEach((k, v) -> restricted(out, k, v));
    String body = request.getBody() instanceof JsonRequestBody json ? json.getBody() : null;
    // each header once (API.md v1.3): the SDK names Content-Type itself when it has a body
    if (body != null && headers.keySet().stream().noneMatch("Content-Type"::equalsIgnoreCase)) {
      out.header("Content-Type", "application/json");
    }
    out.method(
        request.getHttpMethod().name(),
        body == null
            ? java.net.http.HttpRequest.BodyPublishers.noBody()
            : java.net.http.HttpRequest.BodyPublishers.ofString(body));
    HttpResponse<String> response = send(out.build(), request);
    return new OriginalResponse.Builder()
        .request(request)
        .statusCode(response.statusCode())
        .headers(exactCase(response.headers()))
        .contentType(response.headers().firstValue("Content-Type").orElse(null))
        .body(response.body())
        .build();
  }

  @Override
  protected InputStream innerDownload(HttpRequest request) {
    java.net.http.HttpRequest.Builder out =
        java.net.http.HttpRequest.newBuilder(rebased(request.getUri()))
            .timeout(Duration.ofSeconds(30))
            .GET();
    request.getHeaders().getHeaders().forEach((k, v) -> restricted(out, k, v));
    return new ByteArrayInputStream(
        send(out.build(), request).body().getBytes(StandardCharsets.UTF_8));
  }

  @Override
  protected String getHttpClientInfo() {
    return "java.net.http/" + Runtime.version().feature();
  }

  private HttpResponse<String> send(java.net.http.HttpRequest out, HttpRequest request) {
    for (int attempt = 1; ; attempt++) {
      try {
        HttpResponse<String> response = http.send(out, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() < 500 || attempt == MAX_ATTEMPTS) {
          return response;
        }
      } catch (IOException e) {
        if (attempt == MAX_ATTEMPTS) {
          throw new HttpException(request, e);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new HttpException(request, e);
      }
      pause(attempt);
    }
  }

  /** Full jitter, 50 ms doubling: a provider's blip, not its outage, is waited out here. */
  private static void pause(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(50L << attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private URI rebased(URI uri) {
    String path = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    return URI.create(base.toString().replaceAll("/$", "") + path);
  }

  private static void restricted(java.net.http.HttpRequest.Builder out, String name, String v) {
    // java.net.http sets Host and friends itself and refuses them from callers.
    if (!name.equalsIgnoreCase("Host") && !name.equalsIgnoreCase("Content-Length")) {
      out.header(name, v);
    }
  }

  private static Map<String, String> exactCase(HttpHeaders headers) {
    Map<String, String> exact = new HashMap<>();
    headers
        .map()
        .forEach(
            (name, values) -> {
              String spelled =
                  WECHAT_HEADERS.stream()
                      .filter(h -> h.equalsIgnoreCase(name))
                      .findFirst()
                      .orElse(name);
              exact.put(spelled, values.isEmpty() ? "" : values.get(0));
            });
    return exact;
  }
}
