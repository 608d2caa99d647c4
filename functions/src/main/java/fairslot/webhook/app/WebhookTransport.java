package fairslot.webhook.app;

import java.net.URI;
import java.util.Map;

/** Port: one POST to a subscriber; answers its status, or 0 when no answer came. */
public interface WebhookTransport {
  int post(URI url, Map<String, String> headers, String body);
}
