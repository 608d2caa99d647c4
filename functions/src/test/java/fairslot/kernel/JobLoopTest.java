package fairslot.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scheduled jobs' one loop: an unavailable item waits for the next run, the rest go on. */
class JobLoopTest {

  @Test
  void anItemTheTableRefusesIsDeferredAndTheRestAreStillWorked() {
    List<String> worked = new ArrayList<>();

    JobReport report =
        JobLoop.run(
            "job",
            List.of("a", "busy", "c"),
            7,
            item -> {
              if (item.equals("busy")) {
                throw new Unavailable("throttled", null);
              }
              worked.add(item);
              return 1;
            });

    assertThat(worked).containsExactly("a", "c");
    assertThat(report).isEqualTo(new JobReport("job", 3, 2, 7, 1));
  }

  @Test
  void aRunThatCouldDoNoneOfItsItemsFailsSoTheSchedulerRetriesIt() {
    assertThatThrownBy(
            () ->
                JobLoop.run(
                    "job",
                    List.of("a", "b"),
                    2,
                    item -> {
                      throw new Unavailable("throttled", null);
                    }))
        .isInstanceOf(Unavailable.class);
  }

  @Test
  void stepsThatChangeNothingAreCountedAsDueNotChanged() {
    assertThat(JobLoop.run("job", List.of("a", "b"), 2, item -> JobLoop.one(false)))
        .isEqualTo(new JobReport("job", 2, 0, 2, 0));
    assertThat(JobLoop.run("job", List.of(), 0, item -> 1))
        .isEqualTo(new JobReport("job", 0, 0, 0, 0));
  }
}
