package fairslot.shared;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes the values fairslot renders (records, maps, lists, trees, text, numbers, enums) to a
 * streaming generator the way databind's defaults do. A record with a shape databind would read
 * differently (a Jackson annotation other than NON_NULL inclusion and unwrapping, or a getter-like
 * method beside its components) goes to databind whole, so the output never differs.
 */
final class JsonValues {
  private JsonValues() {}

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  static void write(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof String s) {
      g.writeString(s);
    } else if (v instanceof JsonNode n) {
      node(g, n);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (v instanceof Number n && number(g, n)) {
      return;
    } else if (v instanceof Enum<?> e && RecordPlans.plainEnum(e.getDeclaringClass())) {
      g.writeString(e.name());
    } else if (v instanceof Map<?, ?> m) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName(String.valueOf(e.getKey()));
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof List<?> list) {
      g.writeStartArray();
      for (Object item : list) {
        write(g, item);
      }
      g.writeEndArray();
    } else if (v instanceof Record r && RecordPlans.of(r.getClass()) != null) {
      g.writeStartObject();
      fields(g, r, RecordPlans.of(r.getClass()));
      g.writeEndObject();
    } else {
      Json.mapper().writeValue(g, v);
    }
  }

  /** The number types databind writes with their own generator call; false for any other. */
  private static boolean number(JsonGenerator g, Number n) throws IOException {
    if (n instanceof Integer || n instanceof Short || n instanceof Byte) {
      g.writeNumber(n.intValue());
    } else if (n instanceof Long l) {
      g.writeNumber(l);
    } else if (n instanceof Double d) {
      g.writeNumber(d);
    } else if (n instanceof Float f) {
      g.writeNumber(f);
    } else if (n instanceof BigDecimal d) {
      g.writeNumber(d);
    } else if (n instanceof BigInteger i) {
      g.writeNumber(i);
    } else {
      return false;
    }
    return true;
  }

  private static void fields(JsonGenerator g, Record r, RecordPlans.Component[] plan)
      throws IOException {
    for (RecordPlans.Component c : plan) {
      Object value = c.valueOf(r);
      if (c.unwrapped()) {
        if (value != null) {
          fields(g, (Record) value, RecordPlans.of(value.getClass()));
        }
      } else if (!c.omits(value)) {
        g.writeFieldName(c.name());
        write(g, value);
      }
    }
  }

  static void node(JsonGenerator g, JsonNode n) throws IOException {
    switch (n.getNodeType()) {
      case OBJECT -> {
        g.writeStartObject();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          g.writeFieldName(e.getKey());
          node(g, e.getValue());
        }
        g.writeEndObject();
      }
      case ARRAY -> {
        g.writeStartArray();
        for (JsonNode item : n) {
          node(g, item);
        }
        g.writeEndArray();
      }
      case STRING -> g.writeString(n.textValue());
      case BOOLEAN -> g.writeBoolean(n.booleanValue());
      case NULL -> g.writeNull();
      case NUMBER -> {
        if (!number(g, n.numberValue())) {
          Json.mapper().writeTree(g, n);
        }
      }
      default -> Json.mapper().writeTree(g, n);
    }
  }

  /** A value as the tree databind's {@code valueToTree} makes of it. */
  static JsonNode tree(Object v) {
    if (v == null) {
      return NODES.nullNode();
    } else if (v instanceof JsonNode n) {
      return n;
    } else if (v instanceof String s) {
      return NODES.textNode(s);
    } else if (v instanceof Boolean b) {
      return NODES.booleanNode(b);
    } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return NODES.numberNode(((Number) v).intValue());
    } else if (v instanceof Long l) {
      return NODES.numberNode(l);
    } else if (v instanceof Double d && Double.isFinite(d)) {
      return Json.decimal(BigDecimal.valueOf(d));
    } else if (v instanceof BigDecimal d) {
      return Json.decimal(d);
    } else if (v instanceof BigInteger i) {
      return NODES.numberNode(i);
    } else if (v instanceof Enum<?> e && RecordPlans.plainEnum(e.getDeclaringClass())) {
      return NODES.textNode(e.name());
    } else if (v instanceof Map<?, ?> m) {
      var object = NODES.objectNode();
      m.forEach((k, x) -> object.set(String.valueOf(k), tree(x)));
      return object;
    } else if (v instanceof List<?> list) {
      var array = NODES.arrayNode();
      list.forEach(x -> array.add(tree(x)));
      return array;
    }
    return Json.mapper().valueToTree(v);
  }

  /** For tests: the components the writer would use for {@code type}, or none if databind's. */
  static List<String> componentsOf(Class<?> type) {
    RecordPlans.Component[] plan = RecordPlans.of(type);
    List<String> names = new ArrayList<>();
    if (plan != null) {
      for (RecordPlans.Component c : plan) {
        names.add(c.name());
      }
    }
    return names;
  }
}
