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
    return text(body, field, HttpRequest.MAX_ID);
  }

  /** A longer text than an id (a signed ticket), up to {@code max} characters. */
  static Optional<String> text(String body, String field, int max) {
    if (body == null || body.isBlank() || body.length() > RequestBody.MAX_BYTES) {
      return Optional.empty();
    }
    try {
      JsonNode v = Json.read(body).path(field);
      return v.isTextual() && !v.asText().isBlank() && v.asText().length() <= max
          ? Optional.of(v.asText())
          : Optional.empty();
    } catch (Exception unreadable) {
      return Optional.empty();
    }
  }
}
