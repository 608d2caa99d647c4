package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.app.EventPublisher;
import fairslot.app.IdGenerator;
import fairslot.definitions.Fairslot;
import fairslot.definitions.ScheduleDefinition;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The one job handler: a job for every schedule, and an event that names none is refused. */
class ScheduledJobHandlerTest {

  private static ScheduledJobHandler handler(DynamoDbClient unused) {
    return new ScheduledJobHandler(
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
            "secret"));
  }

  private static DynamoDbClient unused() {
    return DynamoDbClient.builder()
        .region(Region.US_EAST_1)
        .credentialsProvider(AnonymousCredentialsProvider.create())
        .endpointOverride(URI.create("http://127.0.0.1:9"))
        .build();
  }

  @Test
  void everyScheduleHasAJobAndNoJobLacksASchedule() {
    assertThat(Jobs.BY_NAME.keySet())
        .containsExactlyInAnyOrderElementsOf(
            Fairslot.SCHEDULES.stream().map(ScheduleDefinition::name).toList());
    assertThat(Fairslot.SCHEDULES)
        .allSatisfy(s -> assertThat(s.handler()).isEqualTo(ScheduledJobHandler.class.getName()));
  }

  @Test
  void anEventThatNamesNoKnownJobIsRefusedBeforeAnythingRuns() {
    try (DynamoDbClient unused = unused()) {
      ScheduledJobHandler jobs = handler(unused);

      assertThatThrownBy(() -> jobs.handleRequest(Map.of(), null))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> jobs.handleRequest(Map.of("job", "sweep-everything"), null))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }
}
