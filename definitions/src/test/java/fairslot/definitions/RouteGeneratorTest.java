package fairslot.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's route generator turns openapi.yaml's declarations into route definitions, and refuses
 * (failing the build, naming the route) a contract whose routes the handler could not gate. Run as
 * the build runs it: java's source launcher, Jackson's YAML on the classpath.
 */
class RouteGeneratorTest {
  @TempDir Path dir;

  private record Run(int exit, String output, String generated) {}

  private Run generate(String paths) throws IOException, InterruptedException {
    Path spec = dir.resolve("openapi.yaml");
    Files.writeString(spec, "openapi: 3.0.3\npaths:\n" + paths, StandardCharsets.UTF_8);
    Process java =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-classpath",
                System.getProperty("java.class.path"),
                "src/build/RouteGenerator.java",
                spec.toString(),
                dir.resolve("out").toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = java.waitFor();
    Path file = dir.resolve("out/fairslot/definitions/ApiRoutes.java");
    return new Run(exit, output, Files.exists(file) ? Files.readString(file) : "");
  }

  /** The generator's output when it refuses {@code paths}: it exits non-zero and writes nothing. */
  private String refused(String paths) throws IOException, InterruptedException {
    Run run = generate(paths);
    assertThat(run.exit()).as(run.output()).isNotZero();
    assertThat(run.generated()).isEmpty();
    return run.output();
  }

  @Test
  void eachOperationBecomesARouteWithItsAccessRolesScopeAndLimit() throws Exception {
    Run run =
        generate(
            """
              /slots/{slotId}/close:
                parameters: [{name: slotId, in: path, required: true, schema: {type: string}}]
                post:
                  x-roles: [frontdesk, admin]
                  x-venue-scope: path-slot
              /bookings:
                post:
                  x-roles: [customer]
                  x-rate-limit: member
              /slots:
                get:
                  security: []
              /payments/callback:
                post:
                  security: [{webhookSignature: []}]
              /_local/health:
                get:
                  tags: [local-only]
                  security: []
            """);

    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.generated())
        .contains(
            "new RouteDefinition(\"POST\", \"/slots/{slotId}/close\", Access.JWT,"
                + " List.of(Role.FRONTDESK, Role.ADMIN), VenueScope.PATH_SLOT)",
            "new RouteDefinition(\"POST\", \"/bookings\", Access.JWT, List.of(Role.CUSTOMER),"
                + " VenueScope.NONE)",
            "new RouteDefinition(\"GET\", \"/slots\", Access.PUBLIC, List.of(), VenueScope.NONE)",
            "new RouteDefinition(\"POST\", \"/payments/callback\", Access.SIGNED, List.of(),"
                + " VenueScope.NONE)",
            "LOCAL = List.of(\n      new RouteDefinition(\"GET\", \"/_local/health\","
                + " Access.LOCAL_ONLY",
            "MEMBER_RATE_LIMITED = Set.of(\"POST /bookings\")")
        .doesNotContain("parameters");
  }

  @Test
  void aStaffRouteWithoutItsVenueScopeFailsTheBuild() throws Exception {
    assertThat(refused("  /slots:\n    post:\n      x-roles: [admin]\n"))
        .contains("POST /slots: a staff route names its x-venue-scope");
  }

  @Test
  void aScopeOnACustomerRouteFailsTheBuild() throws Exception {
    assertThat(
            refused(
                "  /bookings:\n    post:\n      x-roles: [customer]\n      x-venue-scope: path-venue\n"))
        .contains("POST /bookings: a staff route names its x-venue-scope");
  }

  @Test
  void anUnknownRoleFailsTheBuild() throws Exception {
    assertThat(refused("  /slots:\n    post:\n      x-roles: [owner]\n      x-venue-scope: list\n"))
        .contains("POST /slots: x-roles has owner");
  }

  @Test
  void aLimitOtherThanPerMemberFailsTheBuild() throws Exception {
    assertThat(
            refused("  /bookings:\n    post:\n      x-roles: [customer]\n      x-rate-limit: ip\n"))
        .contains("POST /bookings: x-rate-limit is member or absent, not ip");
  }

  @Test
  void aRouteThatNeedsATokenButListsNoRolesFailsTheBuild() throws Exception {
    assertThat(refused("  /me/profile:\n    get:\n      summary: mine\n"))
        .contains("GET /me/profile: a route that needs a token lists its x-roles");
  }

  @Test
  void aLocalOnlyRouteThatAsksForATokenFailsTheBuild() throws Exception {
    assertThat(
            refused(
                "  /_local/health:\n    get:\n      tags: [local-only]\n      x-roles: [admin]\n"))
        .contains("GET /_local/health: a local-only route needs no token");
  }
}
