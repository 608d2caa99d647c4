package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.app.EventPublisher;
import fairslot.app.IdGenerator;
import fairslot.definitions.Fairslot;
import fairslot.definitions.RouteDefinition;
import java.net.URI;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The handler serves exactly the routes of the shared definitions, so AWS and local cannot drift.
 */
class RoutesTest {

  @Test
  void handlerRoutesEqualTheSharedDefinitions() {
    try (DynamoDbClient unused =
        DynamoDbClient.builder()
            .region(Region.US_EAST_1)
            .credentialsProvider(AnonymousCredentialsProvider.create())
            .endpointOverride(URI.create("http://127.0.0.1:9"))
            .build()) {
      HttpApi api =
          new Wiring(
                  unused,
                  "t",
                  Clock.systemUTC(),
                  IdGenerator.random(),
                  new Wiring.Adapters(
                      EventPublisher.NONE,
                      new fairslot.messaging.payments.AwaitingProvider(),
                      delivery -> {},
                      (request, dedup) -> {}),
                  "secret")
              .httpApi();

      assertThat(api.routeKeys())
          .containsExactlyInAnyOrderElementsOf(
              Fairslot.ROUTES.stream().map(RouteDefinition::routeKey).toList());
    }
  }
}
