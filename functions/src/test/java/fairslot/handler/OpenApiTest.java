package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import fairslot.definitions.Fairslot;
import fairslot.definitions.Role;
import fairslot.definitions.RouteDefinition;
import fairslot.kernel.Refusal;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * functions/openapi.yaml describes exactly the shared routes, with their access, codes and
 * references intact.
 */
class OpenApiTest {
  private static final JsonNode SPEC = read();

  private static JsonNode read() {
    try {
      return new ObjectMapper(new YAMLFactory()).readTree(new File("openapi.yaml"));
    } catch (Exception e) {
      throw new IllegalStateException("functions/openapi.yaml does not parse", e);
    }
  }

  private static List<RouteDefinition> allRoutes() {
    return Stream.concat(Fairslot.ROUTES.stream(), Fairslot.LOCAL_ROUTES.stream()).toList();
  }

  @Test
  void thePathsAreExactlyTheSharedRouteDefinitions() {
    Set<String> documented = new HashSet<>();
    SPEC.get("paths")
        .fields()
        .forEachRemaining(
            path ->
                path.getValue()
                    .fieldNames()
                    .forEachRemaining(
                        method ->
                            documented.add(method.toUpperCase(Locale.ROOT) + " " + path.getKey())));

    assertThat(documented)
        .isEqualTo(allRoutes().stream().map(RouteDefinition::routeKey).collect(Collectors.toSet()));
  }

  @Test
  void publicAndLocalRoutesNeedNoTokenAndTheWebhookNeedsItsSignature() {
    for (RouteDefinition route : allRoutes()) {
      JsonNode op =
          SPEC.get("paths").get(route.path()).get(route.method().toLowerCase(Locale.ROOT));
      JsonNode security = op.get("security");
      switch (route.access()) {
        case PUBLIC, LOCAL_ONLY -> assertThat(security).as(route.routeKey()).isNotNull().isEmpty();
        case SIGNED ->
            assertThat(security.toString()).as(route.routeKey()).contains("webhookSignature");
        case JWT ->
            assertThat(security).as(route.routeKey() + " inherits the JWT requirement").isNull();
      }
    }
  }

  @Test
  void eachSignedInRouteListsExactlyTheRolesItsDefinitionAdmits() {
    for (RouteDefinition route : allRoutes()) {
      JsonNode op =
          SPEC.get("paths").get(route.path()).get(route.method().toLowerCase(Locale.ROOT));
      List<String> documented = new ArrayList<>();
      if (op.has("x-roles")) {
        op.get("x-roles").forEach(r -> documented.add(r.asText()));
      }

      assertThat(documented)
          .as(route.routeKey())
          .containsExactlyInAnyOrderElementsOf(route.roles().stream().map(Role::group).toList());
    }
  }

  @Test
  void theProblemCodesAreTheContractsCodes() {
    List<String> codes = new ArrayList<>();
    SPEC.at("/components/schemas/Problem/properties/code/enum").forEach(c -> codes.add(c.asText()));

    assertThat(codes)
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(Refusal.values()).map(Refusal::code).toList());
  }

  /**
   * The file is valid OpenAPI 3.0 by an independent validator (YAML that parses can still say
   * something else than meant). It runs where openapi-spec-validator is installed, as on the
   * project's machines; elsewhere this check is skipped and says so.
   */
  @Test
  void anIndependentValidatorAcceptsTheFile() throws Exception {
    Process validator;
    try {
      validator =
          new ProcessBuilder("openapi-spec-validator", "openapi.yaml")
              .redirectErrorStream(true)
              .start();
    } catch (java.io.IOException missing) {
      org.junit.jupiter.api.Assumptions.abort(
          "openapi-spec-validator is not installed (pip install openapi-spec-validator)");
      return;
    }
    String output =
        new String(
            validator.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(validator.waitFor()).as(output).isZero();
    assertThat(output).contains("OK");
  }

  @Test
  void everyReferenceResolves() {
    List<String> refs = new ArrayList<>();
    collectRefs(SPEC, refs);

    assertThat(refs)
        .isNotEmpty()
        .allSatisfy(
            ref -> {
              assertThat(ref).startsWith("#/");
              assertThat(SPEC.at(ref.substring(1)).isMissingNode()).as(ref).isFalse();
            });
  }

  private static void collectRefs(JsonNode node, List<String> refs) {
    if (node.isObject()) {
      node.fields()
          .forEachRemaining(
              e -> {
                if (e.getKey().equals("$ref")) {
                  refs.add(e.getValue().asText());
                } else {
                  collectRefs(e.getValue(), refs);
                }
              });
    } else if (node.isArray()) {
      node.forEach(n -> collectRefs(n, refs));
    }
  }
}
