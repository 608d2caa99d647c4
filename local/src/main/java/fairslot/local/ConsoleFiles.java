package fairslot.local;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The console (console/dist, built by ./fairslot build) served beside the API on the same origin:
 * {@code GET /} is its page, {@code GET /sw.js} its service worker (at the root, so it may keep the
 * page) and {@code GET /console/*} its files. No API route is at these paths. The headers are the
 * ones CloudFront adds in AWS (infra: the console's response headers policy).
 */
final class ConsoleFiles {
  static final String CSP =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:;"
          + " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  private static final Map<String, String> TYPES =
      Map.of(
          ".html", "text/html; charset=utf-8",
          ".js", "text/javascript; charset=utf-8",
          ".css", "text/css; charset=utf-8",
          ".png", "image/png",
          ".svg", "image/svg+xml");

  private final Path root;

  ConsoleFiles(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /** Where the console is built, unless FAIRSLOT_CONSOLE_DIR says otherwise. */
  static ConsoleFiles fromEnvironment() {
    String dir = System.getenv("FAIRSLOT_CONSOLE_DIR");
    return new ConsoleFiles(Path.of(dir == null || dir.isBlank() ? "console/dist" : dir));
  }

  boolean serves(String method, String path) {
    return method.equals("GET")
        && (path.equals("/") || path.equals("/sw.js") || path.startsWith("/console/"));
  }

  void send(HttpExchange exchange, String path) throws IOException {
    Path file = root.resolve(path.equals("/") ? "index.html" : path.substring(1)).normalize();
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    String type = TYPES.get(name.contains(".") ? name.substring(name.lastIndexOf('.')) : "");
    byte[] body;
    int status;
    if (!file.startsWith(root) || type == null || !Files.isRegularFile(file)) {
      status = 404;
      type = "text/plain; charset=utf-8";
      body =
          (path.equals("/")
                  ? "The console is not built: run ./fairslot build (it needs Node.js)."
                  : "no such file")
              .getBytes(StandardCharsets.UTF_8);
    } else {
      status = 200;
      body = Files.readAllBytes(file);
    }
    var headers = exchange.getResponseHeaders();
    headers.set("Content-Type", type);
    headers.set("Content-Security-Policy", CSP);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "no-referrer");
    boolean entry =
        path.equals("/") || path.equals("/sw.js"); // checked for a new console each time
    headers.set("Cache-Control", entry ? "no-cache" : "max-age=60");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
