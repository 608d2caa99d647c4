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
    Instant later = NOW.plus(RefreshFamilies.RETRY_LEEWAY);
    assertThat(families.rotate("f1", 1, later, END)).isEqualTo(new Rotation.Reused());
    assertThat(families.rotate("f1", 0, NOW, END)).isEqualTo(new Rotation.Reused());
  }

  @Test
  void theSameRefreshRetriedWithinTheLeewayAnswersAgainAndMovesNothing() {
    RefreshFamilies families = fresh();
    families.start("f5", "u5", END);
    families.rotate("f5", 0, NOW, END);

    Instant retry = NOW.plus(RefreshFamilies.RETRY_LEEWAY).minusSeconds(1);
    assertThat(families.rotate("f5", 0, retry, END)).isEqualTo(new Rotation.Rotated("u5"));
    // the family is still at generation 1: its token works once
    assertThat(families.rotate("f5", 1, retry, END)).isEqualTo(new Rotation.Rotated("u5"));
    assertThat(families.rotate("f5", 0, retry, END)).isEqualTo(new Rotation.Reused());
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
  void ofThirtyTwoRefreshesRacingWithOneTokenTheFamilyMovesOnOnce() throws Exception {
    RefreshFamilies families = fresh();
    families.start("f4", "u4", END);

    // within the leeway every racer is answered (a retry), but the family moves one generation
    List<Rotation> answers = Race.all(32, i -> () -> families.rotate("f4", 0, NOW, END));

    assertThat(answers).allMatch(r -> r.equals(new Rotation.Rotated("u4")));
    assertThat(families.rotate("f4", 1, NOW, END)).isEqualTo(new Rotation.Rotated("u4"));
    assertThat(families.rotate("f4", 1, NOW.plus(RefreshFamilies.RETRY_LEEWAY), END))
        .isEqualTo(new Rotation.Reused());
  }
}
