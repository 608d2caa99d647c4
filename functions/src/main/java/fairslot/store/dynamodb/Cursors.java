package fairslot.store.dynamodb;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Opaque list cursors: a query's LastEvaluatedKey (string and number attributes only) encoded as
 * base64url. A cursor that does not decode is reported as empty so the caller can answer 422.
 */
public final class Cursors {
  private Cursors() {}

  static Optional<String> encode(Map<String, AttributeValue> lastKey) {
    if (lastKey == null || lastKey.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    lastKey.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
      boolean number = e.getValue().n() != null;
      text.append(e.getKey()).append('\u0001').append(number ? 'N' : 'S').append('\u0001')
          .append(number ? e.getValue().n() : e.getValue().s()).append('\u0002');
    });
    return Optional.of(Base64.getUrlEncoder().withoutPadding()
        .encodeToString(text.toString().getBytes(StandardCharsets.UTF_8)));
  }

  public static Optional<Map<String, AttributeValue>> decode(String cursor) {
    try {
      String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
      Map<String, AttributeValue> key = new HashMap<>();
      for (String part : text.split("\u0002")) {
        if (part.isEmpty()) {
          continue;
        }
        String[] fields = part.split("\u0001", 3);
        if (fields.length != 3) {
          return Optional.empty();
        }
        key.put(fields[0], fields[1].equals("N")
            ? AttributeValue.fromN(Long.toString(Long.parseLong(fields[2])))
            : AttributeValue.fromS(fields[2]));
      }
      return key.isEmpty() ? Optional.empty() : Optional.of(key);
    } catch (IllegalArgumentException notOurs) {
      return Optional.empty();
    }
  }
}
