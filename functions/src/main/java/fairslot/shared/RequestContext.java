package fairslot.shared;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The request a piece of work serves, so every log and metric line of it names the same id: the API
 * request's id at the HTTP entry, then carried in the booking queue's message attributes and in
 * SeatReleased events to the consumers (one booking's story followed across functions).
 */
public final class RequestContext {
  private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

  private RequestContext() {}

  /** The current request's id, if this thread serves one. */
  public static Optional<String> current() {
    return Optional.ofNullable(CURRENT.get());
  }

  /** Runs {@code work} as part of request {@code requestId}, then restores what was there. */
  public static <T> T with(String requestId, Supplier<T> work) {
    String outer = CURRENT.get();
    CURRENT.set(requestId);
    try {
      return work.get();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }

  /**
   * The X-Ray trace of this invocation: Lambda hands it over per invocation, as an environment
   * variable or (on Java) a system property.
   */
  public static Optional<String> traceId() {
    String header = System.getProperty("com.amazonaws.xray.traceHeader");
    if (header == null || header.isBlank()) {
      header = System.getenv("_X_AMZN_TRACE_ID");
    }
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    for (String part : header.split(";")) {
      if (part.startsWith("Root=")) {
        return Optional.of(part.substring("Root=".length()));
      }
    }
    return Optional.empty();
  }
}
