package fairslot.local;

import fairslot.messaging.payments.WebhookSender;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** The local provider's webhook goes over real HTTP to this runtime's own /payments/callback. */
final class WebhookToSelf implements WebhookSender {
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private volatile URI target;

  void target(int port) {
    this.target = URI.create("http://127.0.0.1:" + port + "/payments/callback");
  }

  @Override
  public void send(String rawBody, Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(target)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(rawBody));
    headers.forEach(request::header);
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(
            "webhook answered " + response.statusCode() + " " + response.body());
      }
    } catch (IOException e) {
      throw new IllegalStateException("webhook not delivered: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
