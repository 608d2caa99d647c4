package fairslot.handler.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;

/** Structured JSON log lines on stdout (CloudWatch Logs in Lambda). */
public final class Log {
  private Log() {}

  public static void warn(String message, java.util.Map<String, String> fields) {
    ObjectNode line = Json.object();
    line.put("at", Instant.now().toString());
    line.put("level", "WARN");
    line.put("message", message);
    fields.forEach(line::put);
    System.out.println(Json.write(line));
  }

  public static void error(String message, String requestId, Throwable error) {
    ObjectNode line = Json.object();
    line.put("at", Instant.now().toString());
    line.put("level", "ERROR");
    line.put("message", message);
    line.put("requestId", requestId);
    StringWriter trace = new StringWriter();
    error.printStackTrace(new PrintWriter(trace));
    line.put("error", trace.toString());
    System.out.println(Json.write(line));
  }
}
