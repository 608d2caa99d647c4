package fairslot.shared;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Map;

/**
 * Structured JSON log lines on stdout (CloudWatch Logs in Lambda), one shape: at, level, message,
 * requestId and traceId when known, then the line's own fields (ids only: no phone numbers or
 * e-mail addresses).
 */
public final class Log {
  private Log() {}

  public static void info(String message, Map<String, ?> fields) {
    line("INFO", message, fields);
  }

  public static void warn(String message, Map<String, String> fields) {
    line("WARN", message, fields);
  }

  /**
   * A finding that needs a person (e.g. a seat ledger deviation); an alarm can match level ERROR.
   */
  public static void error(String message, Map<String, ?> fields) {
    line("ERROR", message, fields);
  }

  private static void line(String level, String message, Map<String, ?> fields) {
    ObjectNode line = Json.object();
    line.put("at", Instant.now().toString());
    line.put("level", level);
    line.put("message", message);
    context(line);
    fields.forEach((k, v) -> line.set(k, Json.tree(v)));
    Output.line(Json.write(line));
  }

  /** Every line names the request it serves and the invocation's trace, when there are ones. */
  private static void context(ObjectNode line) {
    RequestContext.current().ifPresent(id -> line.put("requestId", id));
    RequestContext.traceId().ifPresent(t -> line.put("traceId", t));
  }

  /**
   * The exception, its first frames, and its causes: enough to find the bug, short enough to read.
   */
  static String brief(Throwable error) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      out.append(t == error ? "" : "caused by: ").append(t).append('\n');
      StackTraceElement[] frames = t.getStackTrace();
      for (int i = 0; i < Math.min(8, frames.length); i++) {
        out.append("  at ").append(frames[i]).append('\n');
      }
    }
    return out.toString();
  }

  public static void error(String message, String requestId, Throwable error) {
    ObjectNode line = Json.object();
    line.put("at", Instant.now().toString());
    line.put("level", "ERROR");
    line.put("message", message);
    line.put("requestId", requestId);
    RequestContext.traceId().ifPresent(t -> line.put("traceId", t));
    line.put("error", brief(error));
    Output.line(Json.write(line));
  }
}
