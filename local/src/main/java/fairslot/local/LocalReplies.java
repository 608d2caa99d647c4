package fairslot.local;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The local server's HTTP plumbing: the bearer token, a bounded body, problems, answers. */
final class LocalReplies {
  private LocalReplies() {}

  private static final int READ_LIMIT = 1024 * 1024;

  static Optional<String> bearer(HttpExchange exchange) {
    String header = exchange.getRequestHeaders().getFirst("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.empty();
    }
    return Optional.of(header.substring(7).trim());
  }

  static byte[] readBody(InputStream in) throws IOException {
    byte[] data = in.readNBytes(READ_LIMIT + 1);
    return data.length > READ_LIMIT ? null : data;
  }

  static String problem(int status, String code, String detail) {
    return "{\"type\":\"https://fairslot.dev/problems/"
        + code.replace('_', '-')
        + "\",\"title\":\""
        + code.replace('_', ' ')
        + "\",\"status\":"
        + status
        + ",\"detail\":\""
        + detail
        + "\",\"code\":\""
        + code
        + "\"}";
  }

  static void send(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Keep-Alive", "timeout=" + JdkHttpServer.KEEP_ALIVE_SECONDS);
    if (contentType != null) {
      exchange.getResponseHeaders().set("Content-Type", contentType);
    }
    if (status == 204 || bytes.length == 0) {
      exchange.sendResponseHeaders(status, -1);
      return;
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
