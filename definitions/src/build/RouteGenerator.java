import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes {@code fairslot.definitions.ApiRoutes} from functions/openapi.yaml at build time, so a
 * route is declared once, in the contract: its path and method, its access ({@code security}), its
 * roles ({@code x-roles}), where a staff route finds its venue ({@code x-venue-scope}) and whether
 * it is limited per member ({@code x-rate-limit: member}). Run by the definitions module's build
 * (java's source launcher, Jackson's YAML on the classpath); parsing YAML at a function's init
 * would cost every cold start, so the functions read the generated constants instead.
 *
 * <p>Usage: {@code java -cp <jackson-dataformat-yaml> RouteGenerator.java <openapi.yaml>
 * <generated-sources dir>}. The file is rewritten only when its text changes, so an unchanged
 * contract does not make the module and its dependents recompile. A route that could not be gated
 * stops the build here, naming it; an {@code x-venue-scope} that is no {@code VenueScope} stops it
 * when the module compiles, naming the constant (the enum is not compiled yet when this runs).
 */
public final class RouteGenerator {
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
  private static final Set<String> ROLES = Set.of("customer", "frontdesk", "finance", "admin");

  public static void main(String[] args) throws Exception {
    JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(Path.of(args[0]).toFile());
    List<String> deployed = new ArrayList<>();
    List<String> local = new ArrayList<>();
    List<String> limited = new ArrayList<>();
    for (Map.Entry<String, JsonNode> path : spec.get("paths").properties()) {
      for (Map.Entry<String, JsonNode> op : path.getValue().properties()) {
        if (!METHODS.contains(op.getKey())) {
          continue;
        }
        String key = op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey();
        Route route = route(key, op.getValue());
        (route.access().equals("LOCAL_ONLY") ? local : deployed).add(route.java(key));
        if (route.memberLimited()) {
          limited.add("\"" + key + "\"");
        }
      }
    }
    write(Path.of(args[1]), source(deployed, local, limited));
  }

  private record Route(String access, List<String> roles, String scope, boolean memberLimited) {
    String java(String key) {
      String[] methodAndPath = key.split(" ", 2);
      return "new RouteDefinition(\""
          + methodAndPath[0]
          + "\", \""
          + methodAndPath[1]
          + "\", Access."
          + access
          + ", List.of("
          + String.join(", ", roles.stream().map(r -> "Role." + r).toList())
          + "), VenueScope."
          + scope
          + ")";
    }
  }

  private static Route route(String key, JsonNode op) {
    JsonNode security = op.get("security");
    boolean localOnly = op.path("tags").toString().contains("\"local-only\"");
    String access;
    if (security == null) {
      access = "JWT";
    } else if (security.isEmpty()) {
      access = localOnly ? "LOCAL_ONLY" : "PUBLIC";
    } else if (security.toString().contains("webhookSignature")) {
      access = "SIGNED";
    } else {
      throw new IllegalArgumentException(key + ": a security other than none or a signature");
    }
    if (localOnly && !access.equals("LOCAL_ONLY")) {
      throw new IllegalArgumentException(key + ": a local-only route needs no token");
    }
    List<String> roles = new ArrayList<>();
    op.path("x-roles").forEach(r -> roles.add(known(key, "x-roles", r.asText(), ROLES)));
    String scope =
        op.has("x-venue-scope")
            ? op.get("x-venue-scope").asText().toUpperCase(Locale.ROOT).replace('-', '_')
            : "NONE";
    if (access.equals("JWT") == roles.isEmpty()) {
      throw new IllegalArgumentException(
          key + ": a route that needs a token lists its x-roles, and only such a route does");
    }
    boolean staff = roles.stream().anyMatch(r -> !r.equals("CUSTOMER"));
    if (staff == scope.equals("NONE")) {
      throw new IllegalArgumentException(
          key + ": a staff route names its x-venue-scope, and only a staff route does");
    }
    String limit = op.path("x-rate-limit").asText("");
    if (!limit.isEmpty() && !limit.equals("member")) {
      throw new IllegalArgumentException(key + ": x-rate-limit is member or absent, not " + limit);
    }
    return new Route(access, roles, scope, !limit.isEmpty());
  }

  private static String known(String key, String field, String value, Set<String> known) {
    if (!known.contains(value)) {
      throw new IllegalArgumentException(
          key + ": " + field + " has " + value + ", not one of " + known);
    }
    return value.toUpperCase(Locale.ROOT);
  }

  private static String source(List<String> deployed, List<String> local, List<String> limited) {
    return "package fairslot.definitions;\n\n"
        + "import fairslot.definitions.RouteDefinition.Access;\n"
        + "import java.util.List;\n"
        + "import java.util.Set;\n\n"
        + "/** Generated from functions/openapi.yaml by definitions/src/build/RouteGenerator.java. */\n"
        + "final class ApiRoutes {\n"
        + "  private ApiRoutes() {}\n\n"
        + "  static final List<RouteDefinition> DEPLOYED = List.of(\n      "
        + String.join(",\n      ", deployed)
        + ");\n\n"
        + "  static final List<RouteDefinition> LOCAL = List.of(\n      "
        + String.join(",\n      ", local)
        + ");\n\n"
        + "  static final Set<String> MEMBER_RATE_LIMITED = Set.of("
        + String.join(", ", limited)
        + ");\n}\n";
  }

  private static void write(Path dir, String text) throws Exception {
    Path file = dir.resolve("fairslot/definitions/ApiRoutes.java");
    if (Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).equals(text)) {
      return;
    }
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
