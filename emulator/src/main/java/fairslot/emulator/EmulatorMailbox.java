package fairslot.emulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * What the emulator's SES and SNS accepted, read back from moto's own records through the launcher:
 * {@code {"emails": [{messageId, from, to, subject, body}], "sms": [{messageId, phoneNumber,
 * message}]}}, in the order they were sent.
 */
public final class EmulatorMailbox {
  private final URI uri;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public EmulatorMailbox(AwsEndpoint endpoint) {
    this.uri = endpoint.uri().resolve("/_fairslot/sent");
  }

  public String json() {
    try {
      return http.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(),
              HttpResponse.BodyHandlers.ofString())
          .body();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
