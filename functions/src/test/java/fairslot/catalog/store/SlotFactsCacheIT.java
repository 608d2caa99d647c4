package fairslot.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Slot;
import fairslot.testing.ApiDriver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The booking path's slot read: a crowd arriving at once costs one GetItem, and a change made here
 * is seen at once.
 */
class SlotFactsCacheIT {
  private final ApiDriver api = new ApiDriver("facts");
  private final AtomicInteger getItems = new AtomicInteger();
  private final DynamoDbClient counted =
      fairslot.testing.WatchedDynamo.before("GetItem", () -> getItems.incrementAndGet());

  @Test
  void twoHundredConcurrentReadsOfOneSlotSendOneGetItem() throws Exception {
    String slotId = api.openSlot("SEATS", 10, 100);
    DynamoDbCatalogStore store = new DynamoDbCatalogStore(counted, api.table);
    ExecutorService pool = Executors.newFixedThreadPool(200);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Optional<Slot>>> reads = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      reads.add(
          pool.submit(
              () -> {
                go.await();
                return store.slotFacts(slotId);
              }));
    }
    go.countDown();
    for (Future<Optional<Slot>> read : reads) {
      assertThat(read.get()).get().extracting(Slot::slotId).isEqualTo(slotId);
    }
    pool.shutdown();

    assertThat(getItems.get()).isEqualTo(1);
  }

  @Test
  void aSwitchOfAdmissionThroughTheSameStoreIsSeenByTheNextRead() {
    String slotId = api.openSlot("SEATS", 10, 100);
    DynamoDbCatalogStore store = new DynamoDbCatalogStore(counted, api.table);
    store.slotFacts(slotId);

    store.setAdmission(
        slotId,
        fairslot.catalog.domain.Admission.QUEUED,
        fairslot.kernel.Change.by("desk-1", java.time.Instant.now(), "admission set"));

    assertThat(store.slotFacts(slotId))
        .get()
        .extracting(Slot::admission)
        .isEqualTo(fairslot.catalog.domain.Admission.QUEUED);
    assertThat(store.slotFacts("no-such-slot")).isEmpty();
  }
}
