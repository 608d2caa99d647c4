package fairslot.booking.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.RequestStore;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every RequestStore must do, through the port alone: on the in-memory fake
 * (MemoryRequestStoreTest) and on the DynamoDB adapter against the emulator
 * (DynamoDbRequestStoreIT).
 */
public abstract class RequestStoreContract {

  protected abstract RequestStore fresh();

  private RequestStore requests;

  @BeforeEach
  void setUp() {
    requests = fresh();
  }

  private static BookingRequest queued(String user, java.time.Instant at) {
    return new BookingRequest(
        UUID.randomUUID().toString(),
        "slot-" + UUID.randomUUID(),
        user,
        2,
        true,
        RequestStatus.QUEUED,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.of("fingerprint"),
        at);
  }

  @Test
  void aRequestIsCreatedOnceAndASecondCreateAnswersTheFirst() {
    BookingRequest first = queued("u1", NOW);
    BookingRequest twin =
        new BookingRequest(
            first.requestId(),
            "another-slot",
            "u1",
            1,
            false,
            RequestStatus.QUEUED,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            NOW.plusSeconds(1));

    Optional<BookingRequest> created = requests.createUnlessExists(first);
    Optional<BookingRequest> again = requests.createUnlessExists(twin);

    assertThat(created).isEmpty();
    assertThat(again).contains(first);
    assertThat(requests.find(first.requestId())).contains(first);
    assertThat(requests.find("no-such-request")).isEmpty();
  }

  @Test
  void aQueuedRequestIsDecidedOnceWithItsCodeAndLeavesTheQueue() {
    BookingRequest r = queued("u1", NOW);
    requests.createUnlessExists(r);

    boolean decided =
        requests.decide(
            r.requestId(),
            RequestStatus.SOLD_OUT,
            Optional.of("sold_out"),
            Optional.of("entry-1"),
            NOW.plusSeconds(5));
    boolean twice =
        requests.decide(
            r.requestId(),
            RequestStatus.REJECTED,
            Optional.of("other"),
            Optional.empty(),
            NOW.plusSeconds(6));

    assertThat(decided).isTrue();
    assertThat(twice).isFalse();
    BookingRequest now = requests.find(r.requestId()).orElseThrow();
    assertThat(now.status()).isEqualTo(RequestStatus.SOLD_OUT);
    assertThat(now.code()).contains("sold_out");
    assertThat(now.waitlistEntryId()).contains("entry-1");
    assertThat(requests.queuedSince(NOW.plus(Duration.ofHours(1)), 10))
        .extracting(BookingRequest::requestId)
        .doesNotContain(r.requestId());
  }

  @Test
  void theQueueListsOnlyRequestsStillQueuedAndAcceptedByTheGivenTime() {
    BookingRequest old = queued("u1", NOW);
    BookingRequest recent = queued("u2", NOW.plus(Duration.ofMinutes(10)));
    BookingRequest decided = queued("u3", NOW);
    requests.createUnlessExists(old);
    requests.createUnlessExists(recent);
    requests.createUnlessExists(decided);
    requests.decide(
        decided.requestId(),
        RequestStatus.REJECTED,
        Optional.of("x"),
        Optional.empty(),
        NOW.plusSeconds(1));

    var due = requests.queuedSince(NOW.plus(Duration.ofMinutes(5)), 10);

    assertThat(due)
        .extracting(BookingRequest::requestId)
        .contains(old.requestId())
        .doesNotContain(recent.requestId(), decided.requestId());
  }
}
