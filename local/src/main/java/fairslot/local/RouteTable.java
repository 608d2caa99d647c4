package fairslot.local;

import fairslot.definitions.RouteDefinition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Matches a method and path to a route of the shared definitions, as API Gateway does. */
final class RouteTable {
  record Match(RouteDefinition route, Map<String, String> pathParameters) {}

  private final List<RouteDefinition> routes;

  RouteTable(List<RouteDefinition> routes) {
    this.routes = List.copyOf(routes);
  }

  /** Literal segments win over parameters, like API Gateway's most-specific-route rule. */
  Optional<Match> match(String method, String path) {
    String[] actual = split(path);
    Match best = null;
    int bestLiterals = -1;
    for (RouteDefinition route : routes) {
      if (!route.method().equals(method)) {
        continue;
      }
      String[] pattern = split(route.path());
      if (pattern.length != actual.length) {
        continue;
      }
      Map<String, String> params = new HashMap<>();
      int literals = 0;
      boolean ok = true;
      for (int i = 0; i < pattern.length && ok; i++) {
        if (pattern[i].startsWith("{") && pattern[i].endsWith("}")) {
          if (actual[i].isEmpty()) {
            ok = false;
          }
          params.put(pattern[i].substring(1, pattern[i].length() - 1), actual[i]);
        } else if (pattern[i].equals(actual[i])) {
          literals++;
        } else {
          ok = false;
        }
      }
      if (ok && literals > bestLiterals) {
        best = new Match(route, params);
        bestLiterals = literals;
      }
    }
    return Optional.ofNullable(best);
  }

  private static String[] split(String path) {
    String trimmed = path.startsWith("/") ? path.substring(1) : path;
    return trimmed.split("/", -1);
  }
}
