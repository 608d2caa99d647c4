package fairslot.testing;

import fairslot.catalog.app.EventPublisher;
import fairslot.handler.Adapters;
import fairslot.handler.Wiring;
import fairslot.kernel.IdGenerator;
import java.net.URI;
import java.time.Clock;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A wiring whose table is nowhere (a closed port): for tests of what is built and refused before
 * any call goes out (routes, jobs).
 */
public final class OfflineWiring implements AutoCloseable {
  private final DynamoDbClient unused =
      DynamoDbClient.builder()
          .region(Region.US_EAST_1)
          .credentialsProvider(AnonymousCredentialsProvider.create())
          .endpointOverride(URI.create("http://127.0.0.1:9"))
          .build();

  public final Wiring wiring =
      new Wiring(
          unused,
          "t",
          Clock.systemUTC(),
          IdGenerator.random(),
          new Adapters(
              EventPublisher.NONE,
              new fairslot.messaging.payments.AwaitingProvider(),
              delivery -> {},
              (request, dedup) -> {}),
          java.util.Optional.of("secret"));

  @Override
  public void close() {
    unused.close();
  }
}
