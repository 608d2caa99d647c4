package fairslot.auth.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.auth.app.RefreshFamilies;
import fairslot.auth.app.RefreshFamilies.Rotation;
import fairslot.testing.Race;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every RefreshFamilies must do: on the fake (MemoryRefreshFamiliesTest), on the emulator
 * (DynamoDbRefreshFamiliesIT) and on dynoxide (DynoxideRefreshFamiliesIT).
 */
public abstract class RefreshFamiliesContract {
  private static final Instant END = NOW.plus(Duration.ofDays(30));

  protected abstract RefreshFamilies fresh();

  @Test
  void eachGenerationMovesTheFamilyOnOnceAndNamesItsMember() {
    RefreshFamilies families = fresh();
    families.start("f1", "u1", END);

    assertThat(families.rotate("f1", 0, NOW, END)).isEqualTo(new Rotation.Rotated("u1"));
    assertThat(families.rotate("f1", 1, NOW, END)).isEqualTo(new Rotation.Rotated("u1"));
    assertThat(families.rotate("f1", 1, NOW, END)).isEqualTo(new Rotation.Reused());
    assertThat(families.rotate("f1", 0, NOW, END)).isEqualTo(new Rotation.Reused());
  }

  @Test
  void anUnknownRevokedOrExpiredFamilyHasEnded() {
    RefreshFamilies families = fresh();
    families.start("f2", "u2", END);
    families.start("f3", "u3", NOW.plusSeconds(10));
    families.revoke("f2", NOW);
    families.revoke("f2", NOW); // twice changes nothing

    assertThat(families.rotate("none", 0, NOW, END)).isEqualTo(new Rotation.Ended());
    assertThat(families.rotate("f2", 0, NOW, END)).isEqualTo(new Rotation.Ended());
    assertThat(families.rotate("f3", 0, NOW.plusSeconds(10), END)).isEqualTo(new Rotation.Ended());
  }

  @Test
  void ofThirtyTwoRefreshesRacingWithOneTokenExactlyOneMovesTheFamilyOn() throws Exception {
    RefreshFamilies families = fresh();
    families.start("f4", "u4", END);

    List<Rotation> answers = Race.all(32, i -> () -> families.rotate("f4", 0, NOW, END));

    assertThat(answers).filteredOn(r -> r instanceof Rotation.Rotated).hasSize(1);
    assertThat(answers).filteredOn(r -> r instanceof Rotation.Reused).hasSize(31);
  }
}
