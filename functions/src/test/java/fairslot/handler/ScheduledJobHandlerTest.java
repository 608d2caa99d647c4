package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.definitions.Fairslot;
import fairslot.definitions.ScheduleDefinition;
import fairslot.testing.OfflineWiring;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one job handler: a job for every schedule, and an event that names none is refused. */
class ScheduledJobHandlerTest {

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
    try (OfflineWiring offline = new OfflineWiring()) {
      ScheduledJobHandler jobs = new ScheduledJobHandler(offline.wiring);

      assertThatThrownBy(() -> jobs.handleRequest(Map.of(), null))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> jobs.handleRequest(Map.of("job", "sweep-everything"), null))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }
}
