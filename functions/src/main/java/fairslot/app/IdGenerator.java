package fairslot.app;

import java.util.UUID;

/** Opaque ids (never sequential). Tests may substitute a predictable generator. */
@FunctionalInterface
public interface IdGenerator {
  String newId();

  static IdGenerator random() {
    return () -> UUID.randomUUID().toString();
  }
}
