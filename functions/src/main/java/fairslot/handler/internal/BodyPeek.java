package fairslot.handler.internal;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.shared.Json;
import java.util.Optional;

/**
 * One text field of a JSON body, read before the endpoint parses it (to find the venue a request
 * touches). Anything unreadable is empty here: the endpoint's own parse answers it with a 422.
 */
final class BodyPeek {
  private BodyPeek() {}

  static Optional<String> text(String body, String field) {
    if (body == null || body.isBlank() || body.length() > RequestBody.MAX_BYTES) {
      return Optional.empty();
    }
    try {
      JsonNode v = Json.read(body).path(field);
      return v.isTextual() && !v.asText().isBlank() && v.asText().length() <= HttpRequest.MAX_ID
          ? Optional.of(v.asText())
          : Optional.empty();
    } catch (Exception unreadable) {
      return Optional.empty();
    }
  }
}
