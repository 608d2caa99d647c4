package fairslot.finance.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.finance.app.FinanceStore;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.FinanceException;
import fairslot.payment.app.PaymentStore;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every FinanceStore must do, through the ports alone: exceptions opened by the payment path
 * are found, listed by venue and status, and resolved once. On the in-memory fake
 * (MemoryFinanceStoreTest) and on the DynamoDB adapter against the emulator
 * (DynamoDbFinanceStoreIT).
 */
public abstract class FinanceStoreContract {

  protected record Stores(PaymentStore payments, FinanceStore finance) {}

  protected abstract Stores fresh();

  private PaymentStore payments;
  private FinanceStore finance;
  private final String venue = "venue-" + UUID.randomUUID();

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    payments = stores.payments();
    finance = stores.finance();
  }

  private FinanceException opened(String eventId, long minor) {
    FinanceException e =
        FinanceException.open(
            FinanceException.Kind.STATEMENT_MISMATCH,
            eventId,
            Optional.of(venue),
            Optional.empty(),
            Optional.of("P" + eventId),
            new Money(minor, "CNY"),
            NOW);
    assertThat(payments.flag(eventId, "P" + eventId, e)).isTrue();
    return e;
  }

  private List<String> listed(FinanceException.Status status) {
    return finance
        .list(Optional.of(venue), status, new PageRequest(50, Optional.empty()))
        .items()
        .stream()
        .map(FinanceException::exceptionId)
        .toList();
  }

  @Test
  void anOpenedExceptionIsFoundAndListedUnderItsVenueAsOpenOnce() {
    FinanceException e = opened("e1", 1200);

    assertThat(payments.flag("e1", "Pe1", e)).isFalse(); // the same event opens nothing twice
    assertThat(finance.find(e.exceptionId())).contains(e);
    assertThat(finance.find("no-such-exception")).isEmpty();
    assertThat(listed(FinanceException.Status.OPEN)).containsExactly(e.exceptionId());
    assertThat(listed(FinanceException.Status.RESOLVED)).isEmpty();
    assertThat(
            finance
                .list(
                    Optional.of("another-venue"),
                    FinanceException.Status.OPEN,
                    new PageRequest(50, Optional.empty()))
                .items())
        .isEmpty();
  }

  @Test
  void anExceptionIsResolvedOnceAndMovesToTheResolvedList() {
    FinanceException e = opened("e2", 500);
    FinanceException resolved =
        e.resolved(FinanceException.Resolution.NO_ACTION, "checked the bill", "fin-1");
    Change change = Change.by("fin-1", NOW.plusSeconds(60), "resolved");

    boolean first = finance.resolve(e, resolved, Optional.empty(), Optional.empty(), change);
    boolean again = finance.resolve(e, resolved, Optional.empty(), Optional.empty(), change);

    assertThat(first).isTrue();
    assertThat(again).isFalse(); // resolved from what it no longer is
    FinanceException now = finance.find(e.exceptionId()).orElseThrow();
    assertThat(now.status()).isEqualTo(FinanceException.Status.RESOLVED);
    assertThat(now.resolution()).contains(FinanceException.Resolution.NO_ACTION);
    assertThat(now.note()).contains("checked the bill");
    assertThat(listed(FinanceException.Status.OPEN)).isEmpty();
    assertThat(listed(FinanceException.Status.RESOLVED)).containsExactly(e.exceptionId());
  }
}
