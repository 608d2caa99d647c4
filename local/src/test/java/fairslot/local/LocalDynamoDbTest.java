package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalDynamoDbTest {
  private static final String FAULTS = "conflict_ms=20,seed=7";

  @Test
  void theLocalCommandUsesDynoxideWhenItIsInstalledAndNoFaultIsAsked() {
    assertThat(LocalDynamoDb.forLocalCommand(Map.of(), true)).isEqualTo(LocalDynamoDb.DYNOXIDE);
  }

  @Test
  void faultsKeepDynamoDbOnMotoWhoseLauncherInjectsThem() {
    assertThat(LocalDynamoDb.forLocalCommand(Map.of("FAIRSLOT_FAULTS", FAULTS), true))
        .isEqualTo(LocalDynamoDb.MOTO);
  }

  @Test
  void withoutDynoxideInstalledTheLocalCommandFallsBackToMoto() {
    assertThat(LocalDynamoDb.forLocalCommand(Map.of(), false)).isEqualTo(LocalDynamoDb.MOTO);
  }

  @Test
  void aNamedChoiceWinsInAnyCase() {
    assertThat(LocalDynamoDb.forLocalCommand(Map.of("FAIRSLOT_DYNAMODB", "Moto"), true))
        .isEqualTo(LocalDynamoDb.MOTO);
    assertThat(LocalDynamoDb.forLocalCommand(Map.of("FAIRSLOT_DYNAMODB", " dynoxide "), true))
        .isEqualTo(LocalDynamoDb.DYNOXIDE);
  }

  @Test
  void dynoxideWithFaultsIsRefusedRatherThanSilentlyUnfaulted() {
    assertThatThrownBy(
            () ->
                LocalDynamoDb.forLocalCommand(
                    Map.of("FAIRSLOT_DYNAMODB", "dynoxide", "FAIRSLOT_FAULTS", FAULTS), true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("FAIRSLOT_FAULTS");
  }

  @Test
  void anUnknownChoiceIsRefusedWithTheChoices() {
    assertThatThrownBy(
            () -> LocalDynamoDb.forLocalCommand(Map.of("FAIRSLOT_DYNAMODB", "sqlite"), true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("moto, dynoxide");
  }
}
