package fairslot.shared;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/** The one JSON mapper: strict on input (no duplicate keys, no trailing data). */
public final class Json {
  private Json() {}

  public static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render " + value.getClass(), e);
    }
  }

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /**
   * The same JSON with object keys sorted, so equal bodies digest equally whatever their key order.
   */
  public static String canonical(JsonNode node) {
    return write(sorted(node));
  }

  private static Object sorted(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> out = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        out.put(e.getKey(), sorted(e.getValue()));
      }
      return out;
    }
    if (node.isArray()) {
      java.util.List<Object> out = new java.util.ArrayList<>();
      node.forEach(n -> out.add(sorted(n)));
      return out;
    }
    return node;
  }
}
