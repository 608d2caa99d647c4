package fairslot.kernel;

import java.util.Map;
import java.util.function.Function;

/** The result of a command: a value, or a {@link Refusal} with a human detail and extra fields. */
public sealed interface Outcome<T> {

  record Done<T>(T value) implements Outcome<T> {}

  record Refused<T>(Refusal refusal, String detail, Map<String, Object> extras)
      implements Outcome<T> {
    public Refused {
      extras = Map.copyOf(extras);
    }
  }

  static <T> Outcome<T> done(T value) {
    return new Done<>(value);
  }

  static <T> Outcome<T> refused(Refusal refusal, String detail) {
    return new Refused<>(refusal, detail, Map.of());
  }

  static <T> Outcome<T> refused(Refusal refusal, String detail, Map<String, Object> extras) {
    return new Refused<>(refusal, detail, extras);
  }

  /** The next step on the value; a refusal stays the refusal. */
  @SuppressWarnings("unchecked")
  default <U> Outcome<U> then(Function<T, Outcome<U>> next) {
    if (this instanceof Done<T> d) {
      return next.apply(d.value());
    }
    return (Outcome<U>) this;
  }

  @SuppressWarnings("unchecked")
  default <U> Outcome<U> map(Function<T, U> f) {
    if (this instanceof Done<T> d) {
      return new Done<>(f.apply(d.value()));
    }
    return (Outcome<U>) this;
  }
}
