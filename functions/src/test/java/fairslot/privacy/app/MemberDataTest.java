package fairslot.privacy.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.memory.MemoryErasureStore;
import fairslot.privacy.domain.Erasure;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The data-rights service on the fake store and parts that record what they were asked. */
class MemberDataTest {
  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
  private final MemoryErasureStore erasures = new MemoryErasureStore();
  private final AtomicInteger ids = new AtomicInteger();

  /** A part that holds one record per member and keeps it in use for {@code busyRuns} runs. */
  private static class Part implements MemberDataPart {
    final String name;
    int busyRuns;
    final List<String> erasedAs = new ArrayList<>();

    Part(String name, int busyRuns) {
      this.name = name;
      this.busyRuns = busyRuns;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public List<Map<String, Object>> export(String userId) {
      return List.of(Map.of("of", userId, "from", name));
    }

    @Override
    public Step erase(String userId, String pseudonym) {
      erasedAs.add(pseudonym);
      return busyRuns-- > 0 ? new Step.Waiting(0, 1) : new Step.Finished(1);
    }
  }

  private MemberData data(Part... parts) {
    return new MemberData(List.of(parts), erasures, clock, () -> "p" + ids.incrementAndGet());
  }

  @Test
  void theExportHasEveryPartUnderItsNameAndTheErasureOnceAsked() {
    MemberData data = data(new Part("bookings", 0), new Part("passes", 0));

    Map<String, Object> before = data.export("ann");
    data.requestErasure("ann");
    Map<String, Object> after = data.export("ann");

    assertThat(before).containsKeys("userId", "exportedAt", "bookings", "passes");
    assertThat(before).doesNotContainKey("erasure");
    assertThat(before.get("bookings")).isEqualTo(List.of(Map.of("of", "ann", "from", "bookings")));
    assertThat(after.get("erasure"))
        .isEqualTo(Map.of("status", "REQUESTED", "requestedAt", clock.instant().toString()));
  }

  @Test
  void askingTwiceIsOneRequestAndTheJobFinishesItWhenNoPartWaits() {
    Part bookings = new Part("bookings", 0);
    MemberData data = data(bookings);

    Erasure first = data.requestErasure("ann");
    Erasure again = data.requestErasure("ann");
    var report = data.runDue(20);

    assertThat(again).isEqualTo(first);
    assertThat(report.due()).isEqualTo(1);
    assertThat(report.changed()).isEqualTo(1);
    assertThat(bookings.erasedAs).containsExactly(first.pseudonym().orElseThrow());
    assertThat(erasures.find("ann").orElseThrow().status()).isEqualTo(Erasure.Status.ERASED);
    assertThat(data.runDue(20).due()).as("nothing left due").isZero();
  }

  @Test
  void aPartStillInUseKeepsTheRequestAndTheJobComesBackAnHourLaterWithTheSamePseudonym() {
    Part profile = new Part("member", 0);
    Part bookings = new Part("bookings", 1); // a live booking: one run waits
    MemberData data = data(profile, bookings);
    Erasure asked = data.requestErasure("ann");

    data.runDue(20);
    var tooSoon = data.runDue(20);
    clock.advance(Duration.ofHours(1));
    data.runDue(20);

    assertThat(tooSoon.due()).isZero();
    assertThat(profile.erasedAs).hasSize(2).containsOnly(asked.pseudonym().orElseThrow());
    assertThat(bookings.erasedAs).hasSize(2).containsOnly(asked.pseudonym().orElseThrow());
    assertThat(erasures.find("ann").orElseThrow().status()).isEqualTo(Erasure.Status.ERASED);
  }

  @Test
  void aMemberTheTableRefusesNowIsLeftForTheNextRunAndTheOthersAreErased() {
    MemberDataPart flaky =
        new Part("bookings", 0) {
          @Override
          public Step erase(String userId, String pseudonym) {
            if (userId.equals("bob")) {
              throw new fairslot.kernel.Unavailable("throttled", null);
            }
            return super.erase(userId, pseudonym);
          }
        };
    MemberData data =
        new MemberData(List.of(flaky), erasures, clock, () -> "p" + ids.incrementAndGet());
    data.requestErasure("ann");
    data.requestErasure("bob");

    var report = data.runDue(20);

    assertThat(report.due()).isEqualTo(2);
    assertThat(report.changed()).isEqualTo(1);
    assertThat(report.deferred()).isEqualTo(1);
    assertThat(erasures.find("ann").orElseThrow().status()).isEqualTo(Erasure.Status.ERASED);
    assertThat(erasures.find("bob").orElseThrow().status()).isEqualTo(Erasure.Status.REQUESTED);
    // bob is due again at once; a run that could do none of its members fails, for the alarm
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> data.runDue(20))
        .isInstanceOf(fairslot.kernel.Unavailable.class);
  }
}
