package fairslot.shared;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JSON for the request path on jackson-core's streaming API: bodies are read into trees and views
 * written without an {@code ObjectMapper}, whose set-up was most of a cold function's first answer
 * (docs/performance.md). Output is byte for byte databind's ({@code JsonTest} compares them); the
 * few shapes the writer does not know go to databind, made on first use. Strict on input: no
 * duplicate keys, no trailing data, floats as BigDecimal.
 */
public final class Json {
  private Json() {}

  static final JsonFactory FACTORY =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** databind, for the providers' payloads and the shapes the streaming writer leaves to it. */
  public static ObjectMapper mapper() {
    return Databind.MAPPER;
  }

  /** Made only when first asked for: most requests never need it. */
  private static final class Databind {
    static final ObjectMapper MAPPER =
        new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
  }

  public static String write(Object value) {
    StringWriter out = new StringWriter(256);
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      JsonValues.write(g, value);
    } catch (IOException e) {
      throw new IllegalStateException("cannot render " + value.getClass(), e);
    }
    return out.toString();
  }

  /**
   * A tree of {@code text}, as databind's {@code readTree} gives it: empty input is a missing node.
   */
  public static JsonNode read(String text) throws JsonProcessingException {
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        return MissingNode.getInstance();
      }
      JsonNode root = value(p, first);
      JsonToken trailing = p.nextToken();
      if (trailing != null) {
        throw new JsonParseException(
            p, "Trailing token (of type " + trailing + ") found after the value: not allowed");
      }
      return root;
    } catch (JsonProcessingException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode value(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT:
        ObjectNode object = NODES.objectNode();
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
          String name = p.currentName();
          object.set(name, value(p, p.nextToken()));
        }
        return object;
      case START_ARRAY:
        ArrayNode array = NODES.arrayNode();
        for (JsonToken v = p.nextToken(); v != JsonToken.END_ARRAY; v = p.nextToken()) {
          array.add(value(p, v));
        }
        return array;
      case VALUE_STRING:
        return NODES.textNode(p.getText());
      case VALUE_NUMBER_INT:
        switch (p.getNumberType()) {
          case INT:
            return NODES.numberNode(p.getIntValue());
          case LONG:
            return NODES.numberNode(p.getLongValue());
          default:
            return NODES.numberNode(p.getBigIntegerValue());
        }
      case VALUE_NUMBER_FLOAT:
        return decimal(p.getDecimalValue());
      case VALUE_TRUE:
        return NODES.booleanNode(true);
      case VALUE_FALSE:
        return NODES.booleanNode(false);
      case VALUE_NULL:
        return NODES.nullNode();
      default:
        throw new JsonParseException(p, "unexpected token " + t);
    }
  }

  /** As databind keeps a decimal in a tree: trailing zeros stripped, any zero as 0. */
  static JsonNode decimal(BigDecimal v) {
    return NODES.numberNode(v.signum() == 0 ? BigDecimal.ZERO : v.stripTrailingZeros());
  }

  public static ObjectNode object() {
    return NODES.objectNode();
  }

  /** {@code value} as a tree, as databind's {@code valueToTree} makes it. */
  public static JsonNode tree(Object value) {
    return JsonValues.tree(value);
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
      List<Object> out = new ArrayList<>();
      node.forEach(n -> out.add(sorted(n)));
      return out;
    }
    return node;
  }
}
