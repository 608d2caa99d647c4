package fairslot.messaging.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The few Stripe calls fairslot makes, form-encoded over {@code java.net.http} (stripe-java is 17
 * MB, which the 20 MB function jar cannot hold; docs/payments-and-holds.md). Every request names
 * the API version whose shapes fairslot reads ({@link #VERSION}), and every POST carries an
 * Idempotency-Key derived from fairslot's number, so a resend after a timeout or 5xx is answered
 * with the first response, never a second object. When to send again is decided as Stripe's own SDK
 * decides it (stripe-node's RequestSender): no answer, {@code Stripe-Should-Retry: true}, a 409 or
 * a 5xx, unless Stripe says {@code Stripe-Should-Retry: false}.
 */
final class StripeApi {
  static final int MAX_ATTEMPTS = 3;

  static final String VERSION = StripeConfig.API_VERSION;

  /** A Stripe answer: its status and JSON. */
  record Reply(int status, JsonNode json) {
    boolean ok() {
      return status / 100 == 2;
    }

    String errorCode() {
      return json.path("error").path("code").asText("");
    }
  }

  /** Stripe did not answer (after the retries): the outcome is unknown, ask again later. */
  static final class Unreachable extends RuntimeException {
    Unreachable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final StripeConfig config;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

  StripeApi(StripeConfig config) {
    this.config = config;
  }

  /** A POST, always under {@code idempotencyKey}: a resend is answered with the first answer. */
  Reply post(String path, Map<String, String> form, String idempotencyKey) {
    if (idempotencyKey == null || idempotencyKey.isBlank()) {
      throw new IllegalArgumentException("every Stripe POST names its Idempotency-Key");
    }
    StringJoiner body = new StringJoiner("&");
    form.forEach((k, v) -> body.add(enc(k) + "=" + enc(v)));
    return send(
        base(path)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("Idempotency-Key", idempotencyKey)
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build());
  }

  Reply get(String path) {
    return send(base(path).GET().build());
  }

  private HttpRequest.Builder base(String path) {
    return HttpRequest.newBuilder(
            URI.create(config.apiBase().toString().replaceAll("/$", "") + path))
        .timeout(Duration.ofSeconds(10))
        .header("Authorization", "Bearer " + config.secretKey())
        .header("Stripe-Version", VERSION);
  }

  private Reply send(HttpRequest request) {
    for (int attempt = 1; ; attempt++) {
      try {
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        boolean retry = shouldRetry(r.statusCode(), r.headers().firstValue("Stripe-Should-Retry"));
        if (!retry || attempt == MAX_ATTEMPTS) {
          if (retry) {
            throw new Unreachable("Stripe answered " + r.statusCode(), null);
          }
          return new Reply(
              r.statusCode(), Json.mapper().readTree(r.body().isEmpty() ? "{}" : r.body()));
        }
      } catch (IOException e) {
        if (attempt == MAX_ATTEMPTS) {
          throw new Unreachable("Stripe did not answer", e);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new Unreachable("interrupted", e);
      }
      try {
        Thread.sleep(ThreadLocalRandom.current().nextLong(50L << attempt));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** stripe-node's rule, for an answer: Stripe's own word first, then 409 and 5xx. */
  static boolean shouldRetry(int status, Optional<String> stripeShouldRetry) {
    if (stripeShouldRetry.filter("false"::equals).isPresent()) {
      return false;
    }
    if (stripeShouldRetry.filter("true"::equals).isPresent()) {
      return true;
    }
    return status == 409 || status >= 500;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
