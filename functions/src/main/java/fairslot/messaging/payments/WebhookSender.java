package fairslot.messaging.payments;

import java.util.Map;

/** Delivers a provider webhook (raw body plus headers) to fairslot's callback route. */
@FunctionalInterface
public interface WebhookSender {
  void send(String rawBody, Map<String, String> headers);
}
