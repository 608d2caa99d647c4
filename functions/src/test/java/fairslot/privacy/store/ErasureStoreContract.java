package fairslot.privacy.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.privacy.app.ErasureStore;
import fairslot.privacy.domain.Erasure;
import fairslot.testing.Race;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every ErasureStore must do: on the fake (MemoryErasureStoreTest), on moto
 * (DynamoDbErasureStoreIT) and on dynoxide (DynoxideErasureStoreIT). A pending request stands
 * against every repeat, even at once; it is due until put off or finished; finishing forgets the
 * pseudonym, once; an erased member may ask again.
 */
public abstract class ErasureStoreContract {
  private static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");

  protected abstract ErasureStore fresh();

  private ErasureStore store;

  @BeforeEach
  void setUp() {
    store = fresh();
  }

  @Test
  void aPendingRequestStandsAgainstEveryRepeatEvenAtOnce() throws Exception {
    Erasure first = store.request("ann", "erased-1", T0);
    var repeats = Race.all(10, i -> () -> store.request("ann", "erased-x" + i, T0.plusSeconds(i)));

    assertThat(first.status()).isEqualTo(Erasure.Status.REQUESTED);
    assertThat(first.pseudonym()).hasValue("erased-1");
    assertThat(repeats).allSatisfy(r -> assertThat(r).isEqualTo(first));
    assertThat(store.find("ann")).hasValue(first);
    assertThat(store.find("bob")).isEmpty();
  }

  @Test
  void aRequestIsDueUntilPutOffAndFinishingForgetsThePseudonymOnce() {
    Erasure pending = store.request("ann", "erased-1", T0);
    store.request("bob", "erased-2", T0.plusSeconds(5));

    assertThat(store.due(T0, 10)).containsExactly(pending);
    store.later(pending, T0.plus(Duration.ofHours(1)));
    assertThat(store.due(T0.plusSeconds(10), 10))
        .extracting(Erasure::userId)
        .containsExactly("bob");
    assertThat(store.due(T0.plus(Duration.ofHours(1)), 10))
        .extracting(Erasure::userId)
        .containsExactlyInAnyOrder("ann", "bob");

    assertThat(store.finish(pending, T0.plus(Duration.ofHours(2)))).isTrue();
    assertThat(store.finish(pending, T0.plus(Duration.ofHours(3)))).isFalse();
    Erasure done = store.find("ann").orElseThrow();
    assertThat(done.status()).isEqualTo(Erasure.Status.ERASED);
    assertThat(done.pseudonym()).isEmpty();
    assertThat(done.erasedAt()).hasValue(T0.plus(Duration.ofHours(2)));
    assertThat(store.due(T0.plus(Duration.ofDays(1)), 10))
        .extracting(Erasure::userId)
        .containsExactly("bob");
  }

  @Test
  void anErasedMemberWhoCameBackMayAskAgain() {
    Erasure first = store.request("ann", "erased-1", T0);
    store.finish(first, T0.plusSeconds(1));

    Erasure again = store.request("ann", "erased-2", T0.plusSeconds(2));

    assertThat(again.status()).isEqualTo(Erasure.Status.REQUESTED);
    assertThat(again.pseudonym()).hasValue("erased-2");
    assertThat(store.finish(first, T0.plusSeconds(3))).as("the old request's pseudonym").isFalse();
  }
}
