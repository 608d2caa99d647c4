package fairslot.handler.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Ids are matched exactly as sent (API.md v1.3 "Input that authorizes is the input that acts"): an
 * id with whitespace, a control or format character anywhere, or over {@link #MAX_LENGTH}
 * characters is refused before any role, venue or route reads it, so no later trim can turn it into
 * another venue's id. Checked once per request, on the path, the query and the whole body.
 */
public final class Ids {
  private Ids() {}

  public static final int MAX_LENGTH = 128;

  /**
   * A notification's id encodes who, what and when (base64url); a retry names it, so it is held to
   * the same characters but a longer bound (api-notes.md).
   */
  static final int MAX_ENCODED_LENGTH = 512;

  /** Refuses the first id of the request that breaks the rule, naming where it is. */
  public static void check(HttpRequest request, boolean body) {
    for (Map.Entry<String, String> p : request.pathParameters().entrySet()) {
      int max = p.getKey().equals("notificationId") ? MAX_ENCODED_LENGTH : MAX_LENGTH;
      require("path parameter " + p.getKey(), p.getValue(), max);
    }
    for (Map.Entry<String, String> q : request.query().entrySet()) {
      if (isIdName(q.getKey()) && !q.getValue().isEmpty()) { // an empty one reads as absent
        require("query parameter " + q.getKey(), q.getValue(), MAX_LENGTH);
      }
    }
    if (body && request.parsed() instanceof ParsedBody.Object o) {
      walk("", o.json().tree());
    }
  }

  /** Whether the text would pass as an id: what a lookup may be asked for. */
  public static boolean acceptable(String text, int max) {
    return problem(text, max) == null;
  }

  private static void walk(String at, JsonNode node) {
    if (node.isArray()) {
      for (JsonNode item : node) {
        walk(at, item);
      }
      return;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> f = fields.next();
      String name = at + f.getKey();
      JsonNode v = f.getValue();
      if (v.isTextual() && (isIdName(f.getKey()) || f.getKey().equals("ticket"))) {
        int max = f.getKey().equals("ticket") ? Tickets.MAX_LENGTH : MAX_LENGTH;
        require(name, v.asText(), max);
      } else if (v.isArray() && f.getKey().endsWith("Ids")) {
        for (JsonNode item : v) {
          if (item.isTextual()) {
            require(name, item.asText(), MAX_LENGTH);
          }
        }
      } else if (v.isContainerNode()) {
        walk(name + ".", v);
      }
    }
  }

  static boolean isIdName(String name) {
    return name.equals("id") || name.endsWith("Id");
  }

  private static void require(String what, String value, int max) {
    String problem = problem(value, max);
    if (problem != null) {
      throw InvalidInput.unprocessable(what + " " + problem + "; ids are matched exactly as sent");
    }
  }

  private static String problem(String value, int max) {
    if (value == null || value.isEmpty()) {
      return "is empty";
    }
    if (value.length() > max) {
      return "is longer than " + max + " characters";
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
        return "contains whitespace";
      }
      if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
        return "contains a control or format character";
      }
    }
    return null;
  }
}
