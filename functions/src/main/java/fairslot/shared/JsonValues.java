package fairslot.shared;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
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

  /** One record class's components in declaration order, or null: databind writes it. */
  private static final ClassValue<Component[]> PLANS =
      new ClassValue<>() {
        @Override
        protected Component[] computeValue(Class<?> type) {
          return plan(type);
        }
      };

  /** An enum databind writes as its name: no Jackson annotation on it, its constants or methods. */
  private static final ClassValue<Boolean> PLAIN_ENUMS =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          if (jackson(type.getAnnotations())) {
            return false;
          }
          for (var f : type.getDeclaredFields()) {
            if (jackson(f.getAnnotations())) {
              return false;
            }
          }
          for (var m : type.getDeclaredMethods()) {
            if (jackson(m.getAnnotations())) {
              return false;
            }
          }
          return true;
        }
      };

  private static boolean jackson(Annotation[] annotations) {
    for (Annotation a : annotations) {
      if (a.annotationType().getName().startsWith("com.fasterxml.jackson")) {
        return true;
      }
    }
    return false;
  }

  private record Component(
      String name, Method accessor, JsonInclude.Include include, boolean unwrapped) {

    boolean omits(Object value) {
      return switch (include) {
        case NON_NULL -> value == null;
        case NON_EMPTY ->
            value == null
                || (value instanceof String s && s.isEmpty())
                || (value instanceof Collection<?> c && c.isEmpty())
                || (value instanceof Map<?, ?> m && m.isEmpty());
        default -> false;
      };
    }
  }

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
    } else if (v instanceof Enum<?> e && PLAIN_ENUMS.get(e.getDeclaringClass())) {
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
    } else if (v instanceof Record r && PLANS.get(r.getClass()) != null) {
      g.writeStartObject();
      fields(g, r, PLANS.get(r.getClass()));
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

  private static void fields(JsonGenerator g, Record r, Component[] plan) throws IOException {
    for (Component c : plan) {
      Object value = get(c.accessor(), r);
      if (c.unwrapped()) {
        if (value != null) {
          fields(g, (Record) value, PLANS.get(value.getClass()));
        }
      } else if (!c.omits(value)) {
        g.writeFieldName(c.name());
        write(g, value);
      }
    }
  }

  private static Object get(Method accessor, Record r) {
    try {
      return accessor.invoke(r);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException re
          ? re
          : new IllegalStateException(e.getCause());
    }
  }

  private static Component[] plan(Class<?> type) {
    if (!type.isRecord() || !plainOrIncludes(type.getAnnotations()) || hasGetters(type)) {
      return null;
    }
    RecordComponent[] components = type.getRecordComponents();
    Component[] plan = new Component[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent rc = components[i];
      Method accessor = rc.getAccessor();
      // A component's Jackson annotations land on its field, accessor and parameter, not on it.
      Annotation[] annotations = annotationsOf(type, rc, accessor);
      boolean unwrapped = has(annotations, JsonUnwrapped.class);
      if (unwrapped) {
        if (annotations.length != 1 || PLANS.get(rc.getType()) == null) {
          return null;
        }
      } else if (!plainOrIncludes(annotations)) {
        return null;
      }
      accessor.setAccessible(true);
      plan[i] = new Component(rc.getName(), accessor, include(annotations, type), unwrapped);
    }
    return plan;
  }

  private static Annotation[] annotationsOf(Class<?> type, RecordComponent rc, Method accessor) {
    List<Annotation> all = new ArrayList<>(List.of(accessor.getAnnotations()));
    try {
      all.addAll(List.of(type.getDeclaredField(rc.getName()).getAnnotations()));
    } catch (NoSuchFieldException impossible) {
      throw new IllegalStateException(impossible);
    }
    all.addAll(List.of(rc.getAnnotations()));
    return all.stream().distinct().toArray(Annotation[]::new);
  }

  private static boolean has(Annotation[] annotations, Class<? extends Annotation> kind) {
    for (Annotation a : annotations) {
      if (kind.isInstance(a)) {
        return true;
      }
    }
    return false;
  }

  /** The component's own inclusion, else its record's, else always. */
  private static JsonInclude.Include include(Annotation[] annotations, Class<?> type) {
    for (Annotation a : annotations) {
      if (a instanceof JsonInclude own) {
        return own.value();
      }
    }
    JsonInclude all = type.getAnnotation(JsonInclude.class);
    return all == null ? JsonInclude.Include.ALWAYS : all.value();
  }

  /** No annotation, or only {@code @JsonInclude} of NON_NULL or NON_EMPTY values. */
  private static boolean plainOrIncludes(Annotation[] annotations) {
    for (Annotation a : annotations) {
      if (!(a instanceof JsonInclude include)
          || (include.value() != JsonInclude.Include.NON_NULL
              && include.value() != JsonInclude.Include.NON_EMPTY)
          || include.content() != JsonInclude.Include.ALWAYS) {
        return false;
      }
    }
    return true;
  }

  /** databind also writes a record's getX()/isX() methods; such records are left to it. */
  private static boolean hasGetters(Class<?> type) {
    for (Method m : type.getDeclaredMethods()) {
      String n = m.getName();
      if (!Modifier.isStatic(m.getModifiers())
          && m.getParameterCount() == 0
          && ((n.startsWith("get") && n.length() > 3) || (n.startsWith("is") && n.length() > 2))) {
        return true;
      }
    }
    return false;
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
    } else if (v instanceof Enum<?> e && PLAIN_ENUMS.get(e.getDeclaringClass())) {
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
    Component[] plan = PLANS.get(type);
    List<String> names = new ArrayList<>();
    if (plan != null) {
      for (Component c : plan) {
        names.add(c.name());
      }
    }
    return names;
  }
}
