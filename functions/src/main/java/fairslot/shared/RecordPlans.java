package fairslot.shared;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * How a record class or enum is written as databind would: a record's components in declaration
 * order with their inclusion and unwrapping, or null when databind must write it whole; whether an
 * enum is written as its name. Computed once per class.
 */
final class RecordPlans {
  private RecordPlans() {}

  /** The record's plan, or null: databind writes it. */
  static Component[] of(Class<?> type) {
    return PLANS.get(type);
  }

  /** Whether databind writes the enum as its name. */
  static boolean plainEnum(Class<?> type) {
    return PLAIN_ENUMS.get(type);
  }

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

  record Component(String name, Method accessor, JsonInclude.Include include, boolean unwrapped) {

    Object valueOf(Record r) {
      return get(accessor, r);
    }

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
}
