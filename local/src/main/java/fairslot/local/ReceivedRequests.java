package fairslot.local;

import com.sun.net.httpserver.HttpExchange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every request a provider fake received, oldest first (API.md v1.3 "Local controls": {@code GET
 * /_local/stripe/requests}, {@code GET /_local/wechatpay/requests}): method, path with its query,
 * each header as many times as it was sent (named as Java's server spells them: {@code
 * Content-type}), and the body. What fairslot sends is then checked against what the provider
 * requires, header by header.
 */
public final class ReceivedRequests {
  private final List<Map<String, Object>> items = new CopyOnWriteArrayList<>();

  public void record(HttpExchange exchange, String body) {
    String query = exchange.getRequestURI().getRawQuery();
    Map<String, Object> seen = new LinkedHashMap<>();
    seen.put("method", exchange.getRequestMethod());
    seen.put("path", exchange.getRequestURI().getRawPath() + (query == null ? "" : "?" + query));
    Map<String, List<String>> headers = new TreeMap<>();
    exchange.getRequestHeaders().forEach((k, v) -> headers.put(k, List.copyOf(v)));
    seen.put("headers", headers);
    seen.put("body", body);
    items.add(seen);
  }

  public List<Map<String, Object>> items() {
    return List.copyOf(items);
  }
}
