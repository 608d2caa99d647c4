package fairslot.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The streaming JSON layer against databind: every record fairslot's main code declares, filled
 * three ways (every reference null, every component set, texts and collections empty), is written
 * byte for byte as databind writes it; bodies read into equal trees that write back the same; bad
 * bodies are refused by both.
 */
class JsonTest {
  private static final ObjectMapper DATABIND = Json.mapper();

  @Test
  void everyRecordInTheMainCodeIsWrittenAsDatabindWritesIt() throws Exception {
    TreeSet<String> compared = new TreeSet<>();
    for (Class<?> type : mainRecords()) {
      for (Fill fill : Fill.values()) {
        Optional<Object> value = instance(type, fill, 0);
        if (value.isEmpty()) {
          continue;
        }
        String expected;
        try {
          expected = DATABIND.writeValueAsString(value.get());
        } catch (JsonProcessingException databindCannot) {
          continue; // e.g. an Instant without the time module: not a shape fairslot renders
        }
        assertThat(Json.write(value.get())).as(type.getName()).isEqualTo(expected);
        compared.add(type.getSimpleName());
      }
    }
    // The views a client sees are among them (and written by the streaming writer itself).
    assertThat(compared)
        .contains("BookingView", "SlotView", "PaymentView", "WaitlistEntryView", "PassView");
    assertThat(compared.size()).isGreaterThan(60);
    assertThat(JsonValues.componentsOf(fairslot.handler.http.BookingViews.BookingView.class))
        .startsWith("bookingId", "slotId", "userId");
    // Every view is written by the streaming writer itself, none handed to databind.
    for (Class<?> type : mainRecords()) {
      if (type.getPackageName().equals("fairslot.handler.http")
          && type.getRecordComponents().length > 0) {
        assertThat(JsonValues.componentsOf(type)).as(type.getName()).isNotEmpty();
      }
    }
  }

  @Test
  void bodiesReadAsDatabindReadsThem() throws Exception {
    List<String> bodies =
        List.of(
            "{}",
            "[]",
            "null",
            "\"text\"",
            "{\"a\":1,\"b\":-2147483649,\"c\":123456789012345678901234567890}",
            "{\"f\":1.0,\"g\":1.50,\"h\":0.0,\"i\":-0.0,\"j\":1e3,\"k\":1E-2,\"l\":12.345e10}",
            "{\"t\":true,\"u\":false,\"n\":null,\"s\":\"é\\u00e9\\n\\\"\"}",
            "{\"nested\":{\"list\":[1,\"two\",{\"three\":[3.0]}],\"empty\":{}}}",
            "  {\"spaces\" : [ 1 , 2 ] }  ",
            "");
    for (String body : bodies) {
      JsonNode mine = Json.read(body);
      JsonNode theirs = DATABIND.readTree(body);
      assertThat(mine).as(body).isEqualTo(theirs);
      assertThat(Json.write(mine)).as(body).isEqualTo(DATABIND.writeValueAsString(theirs));
      assertThat(Json.canonical(mine)).isNotNull();
    }
  }

  @Test
  void badBodiesAreRefusedAsDatabindRefusesThem() {
    for (String body :
        List.of(
            "{\"a\":1,\"a\":2}",
            "{\"a\":1} {\"b\":2}",
            "{\"a\":1}]",
            "{\"a\":",
            "{a:1}",
            "[1,]",
            "'x'",
            "{\"a\":NaN}")) {
      assertThatThrownBy(() -> DATABIND.readTree(body))
          .as(body)
          .isInstanceOf(JsonProcessingException.class);
      assertThatThrownBy(() -> Json.read(body))
          .as(body)
          .isInstanceOf(JsonProcessingException.class);
    }
  }

  @Test
  void valuesBecomeTheTreesDatabindMakes() throws Exception {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("n", null);
    map.put("list", List.of(1, 2L, "x"));
    List<Object> values =
        List.of(
            "text",
            7,
            7L,
            Long.MAX_VALUE,
            1.0d,
            1.5d,
            0.1f,
            new BigDecimal("12.50"),
            BigInteger.TEN.pow(30),
            true,
            List.of(),
            map,
            Thread.State.RUNNABLE);
    for (Object v : values) {
      assertThat(Json.write(Json.tree(v)))
          .as(String.valueOf(v))
          .isEqualTo(DATABIND.writeValueAsString(DATABIND.valueToTree(v)));
    }
  }

  private static List<Class<?>> mainRecords() throws IOException {
    Path root;
    try {
      root = Path.of(Json.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<Class<?>> records = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
        String name = root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
        try {
          Class<?> c = Class.forName(name, false, JsonTest.class.getClassLoader());
          if (c.isRecord()) {
            records.add(c);
          }
        } catch (LinkageError | ClassNotFoundException skipped) {
          // a class that needs what the test class path lacks
        }
      }
    }
    return records;
  }

  private enum Fill {
    NULLS,
    FULL,
    EMPTY
  }

  /** A record filled by its components' types; empty where a component cannot be made. */
  private static Optional<Object> instance(Class<?> type, Fill fill, int depth) {
    if (depth > 3) {
      return Optional.empty();
    }
    RecordComponent[] components = type.getRecordComponents();
    Object[] args = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      Optional<Object> v = value(components[i].getGenericType(), fill, depth, i);
      if (v.isEmpty()) {
        return Optional.empty();
      }
      args[i] = v.get() == NULL ? null : v.get();
    }
    try {
      Constructor<?> canonical = type.getDeclaredConstructor(types);
      canonical.setAccessible(true);
      return Optional.of(canonical.newInstance(args));
    } catch (ReflectiveOperationException | RuntimeException refused) {
      return Optional.empty(); // its constructor checks what random values break
    }
  }

  private static final Object NULL = new Object();

  private static Optional<Object> value(Type generic, Fill fill, int depth, int i) {
    boolean full = fill != Fill.NULLS;
    Class<?> raw =
        generic instanceof ParameterizedType p
            ? (Class<?>) p.getRawType()
            : generic instanceof Class<?> c ? c : Object.class;
    if (raw == int.class) {
      return Optional.of(full ? 7 + i : 0);
    } else if (raw == long.class) {
      return Optional.of(full ? 1_234_567_890_123L + i : 0L);
    } else if (raw == boolean.class) {
      return Optional.of(full);
    } else if (raw == double.class) {
      return Optional.of(full ? 1.5 : 0.0);
    } else if (raw.isPrimitive()) {
      return Optional.empty();
    } else if (!full) {
      return Optional.of(NULL);
    } else if (raw == String.class) {
      return Optional.of(fill == Fill.EMPTY ? "" : "té\"x\n" + i);
    } else if (raw == Integer.class) {
      return Optional.of(42);
    } else if (raw == Long.class) {
      return Optional.of(-5L);
    } else if (raw == Boolean.class) {
      return Optional.of(Boolean.TRUE);
    } else if (raw == Double.class) {
      return Optional.of(2.25);
    } else if (raw == BigDecimal.class) {
      return Optional.of(new BigDecimal("12.50"));
    } else if (raw.isEnum()) {
      return Optional.of(raw.getEnumConstants()[0]);
    } else if (raw.isRecord()) {
      return instance(raw, fill, depth + 1).map(o -> o);
    } else if ((raw == List.class || raw == Map.class) && fill == Fill.EMPTY) {
      return Optional.of(raw == List.class ? List.of() : Map.of());
    } else if (raw == List.class && generic instanceof ParameterizedType p) {
      Optional<Object> item = value(p.getActualTypeArguments()[0], fill, depth + 1, i);
      return item.map(x -> List.of(x, x));
    } else if (raw == Map.class && generic instanceof ParameterizedType p) {
      Optional<Object> item = value(p.getActualTypeArguments()[1], fill, depth + 1, i);
      return item.map(
          x -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("k1", x);
            m.put("k2", null);
            return m;
          });
    } else if (raw == Object.class) {
      return Optional.of(fill == Fill.EMPTY ? "" : Map.of("any", 1));
    }
    return Optional.empty();
  }
}
