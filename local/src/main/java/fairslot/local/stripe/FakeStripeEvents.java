package fairslot.local.stripe;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.messaging.stripe.StripeConfig;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Stripe's events as Stripe sends them, signed {@code t=...,v1=...} with the endpoint secret. */
final class FakeStripeEvents {
  private final String secret;
  private final Clock clock;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final List<Map<String, Object>> sent = new ArrayList<>();
  private volatile URI target;

  /** Instead of HTTP: hand the signature and body to this, which answers the route's status. */
  private volatile BiFunction<String, String, Integer> sink;

  void sink(BiFunction<String, String, Integer> sink) {
    this.sink = sink;
  }

  FakeStripeEvents(String secret, Clock clock) {
    this.secret = secret;
    this.clock = clock;
  }

  void target(URI url) {
    this.target = url;
  }

  synchronized List<Map<String, Object>> sent() {
    return List.copyOf(sent);
  }

  String body(String type, ObjectNode object) {
    ObjectNode event = Json.object();
    event.put("id", "evt_" + StripeWire.hex(12));
    event.put("object", "event");
    // rendered in the version the endpoint is set to: the one fairslot pins
    event.put("api_version", StripeConfig.API_VERSION);
    event.put("created", clock.instant().getEpochSecond());
    event.put("type", type);
    synchronized (object) {
      event.putObject("data").set("object", object.deepCopy());
    }
    return Json.write(event);
  }

  String signature(String body, long t) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return "t="
          + t
          + ",v1="
          + HexFormat.of()
              .formatHex(mac.doFinal((t + "." + body).getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  void send(String type, ObjectNode object) {
    String body = body(type, object);
    String signature = signature(body, clock.instant().getEpochSecond());
    int answered = deliver(signature, body);
    Map<String, Object> record = new LinkedHashMap<>();
    record.put("type", type);
    record.put("objectId", object.path("id").asText()); // the fake's note; not sent
    record.put("headers", Map.of("Stripe-Signature", signature));
    record.put("body", body);
    record.put("answered", answered);
    synchronized (this) {
      sent.add(record);
    }
  }

  private int deliver(String signature, String body) {
    var handOver = sink;
    if (handOver != null) {
      return handOver.apply(signature, body);
    }
    URI to = target;
    if (to == null) {
      return 0;
    }
    try {
      return http.send(
              HttpRequest.newBuilder(to)
                  .timeout(Duration.ofSeconds(30))
                  .header("Content-Type", "application/json")
                  .header("Stripe-Signature", signature)
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.discarding())
          .statusCode();
    } catch (IOException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }
}
