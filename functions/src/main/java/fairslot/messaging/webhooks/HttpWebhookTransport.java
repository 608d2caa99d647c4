package fairslot.messaging.webhooks;

import fairslot.aws.Lazily;
import fairslot.webhook.app.WebhookTransport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * POSTs a delivery with the JDK's HTTP client: no redirects followed (a redirect could lead to an
 * address the URL rules refuse), short timeouts (a slow subscriber delays only its own deliveries),
 * and the answer's body discarded.
 */
public final class HttpWebhookTransport implements WebhookTransport {
  private static final Duration CONNECT = Duration.ofSeconds(3);
  private static final Duration ANSWER = Duration.ofSeconds(10);

  /**
   * Made on the first POST: every function wires this transport, but only the deliveries job sends,
   * and a JDK client starts a selector thread no other cold start should pay for.
   */
  private final Supplier<HttpClient> client =
      Lazily.of(
          () ->
              HttpClient.newBuilder()
                  .connectTimeout(CONNECT)
                  .followRedirects(HttpClient.Redirect.NEVER)
                  .build());

  @Override
  public int post(URI url, Map<String, String> headers, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url).timeout(ANSWER).POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(
        (name, value) -> {
          if (!name.equalsIgnoreCase("content-length")) {
            request.header(name, value);
          }
        });
    try {
      return client
          .get()
          .send(request.build(), HttpResponse.BodyHandlers.discarding())
          .statusCode();
    } catch (IOException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }
}
