package fairslot.local.stripe;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** Stripe's wire as the fake speaks it: form bodies, metadata, error objects, random ids. */
final class StripeWire {
  private StripeWire() {}

  private static final SecureRandom RANDOM = new SecureRandom();

  static String hex(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  static ObjectNode metadata(Map<String, String> form) {
    ObjectNode md = Json.object();
    form.forEach(
        (k, v) -> {
          if (k.startsWith("metadata[") && k.endsWith("]")) {
            md.put(k.substring(9, k.length() - 1), v);
          }
        });
    return md;
  }

  static ObjectNode error(String code, String message) {
    ObjectNode e = Json.object();
    ObjectNode inner = e.putObject("error");
    inner.put("code", code);
    inner.put("message", message);
    inner.put("type", "invalid_request_error");
    return e;
  }

  static Map<String, String> form(String body) {
    Map<String, String> m = new LinkedHashMap<>();
    if (body.isEmpty()) {
      return m;
    }
    for (String pair : body.split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        m.put(
            URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return m;
  }
}
