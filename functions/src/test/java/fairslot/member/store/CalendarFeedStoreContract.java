package fairslot.member.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.CalendarFeedStore;
import fairslot.testing.Race;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every CalendarFeedStore must do: on the fake (MemoryCalendarFeedStoreTest), on moto
 * (DynamoDbCalendarFeedStoreIT) and on dynoxide (DynoxideCalendarFeedStoreIT). Asking never moves
 * the version; each rotation gives a new one, and rotations at once are all counted.
 */
public abstract class CalendarFeedStoreContract {
  protected abstract CalendarFeedStore fresh();

  private CalendarFeedStore store;

  @BeforeEach
  void setUp() {
    store = fresh();
  }

  @Test
  void askingMakesTheFeedOnceAndNeverMovesIt() {
    assertThat(store.find("ann")).isEmpty();
    assertThat(store.current("ann")).isEqualTo(1);
    assertThat(store.current("ann")).isEqualTo(1);
    assertThat(store.find("ann")).hasValue(1);
    assertThat(store.find("bob")).isEmpty();
  }

  @Test
  void eachRotationIsANewVersionAndNoneIsLost() throws Exception {
    store.current("ann");
    assertThat(store.rotate("ann")).isEqualTo(2);
    assertThat(store.current("ann")).isEqualTo(2);
    var versions = Race.all(10, i -> () -> store.rotate("ann"));
    assertThat(versions).doesNotHaveDuplicates().hasSize(10);
    assertThat(store.find("ann")).hasValue(12);
    assertThat(store.rotate("new")).as("a rotation before any feed").isEqualTo(1);
  }
}
