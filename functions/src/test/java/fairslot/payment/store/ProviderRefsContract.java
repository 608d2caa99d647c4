package fairslot.payment.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.payment.app.ProviderRefs;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every ProviderRefs must do, on the fake (MemoryProviderRefsTest) and on DynamoDB
 * (DynamoDbProviderRefsIT): the first id named for a number stands, even when two race.
 */
public abstract class ProviderRefsContract {

  protected abstract ProviderRefs fresh();

  @Test
  void aNumberWithoutAnIdHasNone() {
    assertThat(fresh().ref("p-none")).isEmpty();
  }

  @Test
  void theFirstIdNamedStandsAndALaterOneIsAnsweredWithIt() {
    ProviderRefs refs = fresh();
    assertThat(refs.name("p-1", "pi_first")).isEqualTo("pi_first");
    assertThat(refs.name("p-1", "pi_second")).isEqualTo("pi_first");
    assertThat(refs.ref("p-1")).contains("pi_first");
  }

  @Test
  void twentyRacingNamesLeaveOneIdThatEveryoneIsAnswered() throws Exception {
    ProviderRefs refs = fresh();
    var pool = Executors.newFixedThreadPool(20);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<String>> answers = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      String id = "pi_" + i;
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return refs.name("p-race", id);
              }));
    }
    go.countDown();
    List<String> answered = new ArrayList<>();
    for (Future<String> a : answers) {
      answered.add(a.get());
    }
    pool.shutdown();
    String stands = refs.ref("p-race").orElseThrow();
    assertThat(answered).containsOnly(stands);
  }
}
