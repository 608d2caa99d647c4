package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
import fairslot.definitions.RouteDefinition;
import fairslot.testing.OfflineWiring;
import org.junit.jupiter.api.Test;

/**
 * The handler serves exactly the routes of the shared definitions, so AWS and local cannot drift.
 */
class RoutesTest {

  @Test
  void handlerRoutesEqualTheSharedDefinitions() {
    try (OfflineWiring offline = new OfflineWiring()) {
      HttpApi api = offline.wiring.httpApi();

      assertThat(api.routeKeys())
          .containsExactlyInAnyOrderElementsOf(
              Fairslot.ROUTES.stream().map(RouteDefinition::routeKey).toList());
    }
  }
}
