package fairslot.shared;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/** Structured JSON log lines on stdout (CloudWatch Logs in Lambda). */
public final class Log {
  private Log() {}

  public static void warn(String message, java.util.Map<String, String> fields) {
    line("WARN", message, fields);
  }

  /**
   * A finding that needs a person (e.g. a seat ledger deviation); an alarm can match level ERROR.
   */
  public static void error(String message, java.util.Map<String, ?> fields) {
    line("ERROR", message, fields);
  }

  private static void line(String level, String message, java.util.Map<String, ?> fields) {
    ObjectNode line = Json.object();
    line.put("at", Instant.now().toString());
    line.put("level", level);
    line.put("message", message);
    fields.forEach((k, v) -> line.set(k, Json.MAPPER.valueToTree(v)));
    System.out.println(Json.write(line));
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
    line.put("error", brief(error));
    System.out.println(Json.write(line));
  }
}
