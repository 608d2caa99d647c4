package fairslot.messaging.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.payment.app.NotificationVerdict;
import fairslot.payment.app.ProviderRefs;
import fairslot.shared.HmacSha256;
import fairslot.shared.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads an event Stripe sent to {@code /payments/stripe/webhook}, verifying before it reads: {@code
 * Stripe-Signature} {@code t=...,v1=...} is HMAC-SHA256 of {@code t.body} with the endpoint's
 * secret, and {@code t} within 300 s of now, either way (stripe-java checks only the past).
 */
public final class StripeWebhooks {
  public static final Duration TOLERANCE = Duration.ofSeconds(300);

  private final StripeConfig config;
  private final ProviderRefs refs;
  private final Clock clock;

  public StripeWebhooks(StripeConfig config, ProviderRefs refs, Clock clock) {
    this.config = config;
    this.refs = refs;
    this.clock = clock;
  }

  public NotificationVerdict read(String signatureHeader, String body) {
    if (signatureHeader == null || body == null) {
      return new NotificationVerdict.Refused("no Stripe-Signature");
    }
    String t = null;
    List<String> v1 = new ArrayList<>();
    for (String part : signatureHeader.split(",")) {
      String[] kv = part.trim().split("=", 2);
      if (kv.length == 2 && kv[0].equals("t")) {
        t = kv[1];
      } else if (kv.length == 2 && kv[0].equals("v1")) {
        v1.add(kv[1]);
      }
    }
    if (t == null || v1.isEmpty()) {
      return new NotificationVerdict.Refused("a malformed Stripe-Signature");
    }
    Instant at;
    try {
      at = Instant.ofEpochSecond(Long.parseLong(t));
    } catch (NumberFormatException | DateTimeException e) {
      return new NotificationVerdict.Refused("a malformed timestamp");
    }
    if (Duration.between(at, clock.instant()).abs().compareTo(TOLERANCE) > 0) {
      return new NotificationVerdict.Refused("a stale timestamp");
    }
    byte[] expected = hmac(t + "." + body);
    boolean authentic = false;
    for (String candidate : v1) {
      byte[] given;
      try {
        given = HexFormat.of().parseHex(candidate);
      } catch (IllegalArgumentException e) {
        continue;
      }
      authentic |= MessageDigest.isEqual(expected, given);
    }
    if (!authentic) {
      return new NotificationVerdict.Refused("the signature does not verify");
    }
    JsonNode event;
    try {
      event = Json.mapper().readTree(body);
    } catch (IOException e) {
      return new NotificationVerdict.Refused("the event is not JSON");
    }
    String type = event.path("type").asText();
    JsonNode object = event.path("data").path("object");
    return switch (type) {
      case "payment_intent.succeeded", "payment_intent.canceled" ->
          StripeObjects.ofIntent(object)
              .<NotificationVerdict>map(NotificationVerdict.Reported::new)
              .orElse(new NotificationVerdict.Ignored(type));
      case "payment_intent.payment_failed" ->
          new NotificationVerdict.Declined(
              StripeObjects.paymentNo(object),
              StripeObjects.decline(object, Instant.ofEpochSecond(event.path("created").asLong())));
      case "refund.created", "refund.updated", "refund.failed" ->
          StripeObjects.ofRefund(object)
              .<NotificationVerdict>map(NotificationVerdict.Reported::new)
              .or(() -> StripeObjects.actionRequired(object))
              .orElse(new NotificationVerdict.Ignored(type));
      case "charge.dispute.created", "charge.dispute.closed" ->
          StripeObjects.ofDispute(type, object, refs)
              .<NotificationVerdict>map(NotificationVerdict.Disputed::new)
              .orElse(new NotificationVerdict.Ignored(type));
      default -> new NotificationVerdict.Ignored(type);
    };
  }

  private byte[] hmac(String payload) {
    return HmacSha256.of(config.webhookSecret().getBytes(StandardCharsets.UTF_8), payload);
  }
}
