package fairslot.pass.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Refusal;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassUse;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import fairslot.testing.ContractFixtures;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pass rule is written twice: as the domain's check ({@link Pass#refusalFor}, which gives the
 * member a clear answer before the transaction) and as the booking transaction's condition on the
 * pass item (which decides, under concurrency). This runs both on the same cases, on the fake
 * (MemoryPassRuleTest) and on DynamoDB (DynamoDbPassRuleIT), and holds them equal: a pass the check
 * accepts is spent by the transaction, and one it refuses is refused by the transaction for the
 * same reason. (Which resources a plan covers never changes after the pass is sold, so only the
 * check judges it.)
 */
public abstract class PassRuleContract {

  protected record Stores(CatalogStore catalog, BookingStore bookings, PassStore passes) {}

  protected abstract Stores fresh();

  private BookingStore bookings;
  private PassStore passes;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    bookings = stores.bookings();
    passes = stores.passes();
    fixtures = new ContractFixtures(stores.catalog(), bookings);
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  /** An ACTIVE pack of {@code credits} at the slot's venue, valid for {@code validity}. */
  private Pass activePass(Slot slot, String user, int credits, Duration validity) {
    Plan plan =
        new Plan(
            UUID.randomUUID().toString(),
            slot.venueId(),
            ZoneOffset.UTC,
            "Pack",
            PlanKind.PACK,
            credits,
            validity,
            Set.of(),
            new Money(3000, "CNY"),
            NOW);
    passes.createPlan(plan, by("admin"));
    Pass pass = Pass.unpaid(UUID.randomUUID().toString(), user, plan, NOW);
    passes.createPass(pass, Optional.empty(), by(user));
    Payment payment =
        new Payment(
            UUID.randomUUID().toString(),
            new Payable.ForPass(pass.passId()),
            user,
            plan.price(),
            "local",
            PaymentStatus.PENDING,
            0,
            NOW,
            0,
            plan.price());
    passes.startPayment(pass, payment, Optional.empty(), by(user));
    passes.settlePayment(
        "paid-" + payment.paymentNo(),
        payment,
        passes.findPass(user, pass.passId()).orElseThrow(),
        PaymentCallback.Outcome.SUCCEEDED,
        by("provider"));
    return passes.findPass(user, pass.passId()).orElseThrow();
  }

  /** The booking of {@code quantity} seats paid with the pass, as the booking path makes it. */
  private static Booking paidWith(Pass pass, Slot slot, int quantity) {
    Booking hold = ContractFixtures.booking(pass.userId(), slot, quantity);
    return new Booking(
            hold.bookingId(),
            hold.userId(),
            quantity,
            BookingStatus.PAID,
            new Money(0, hold.amount().currency()),
            Optional.empty(),
            hold.createdAt(),
            Optional.empty(),
            hold.slot(),
            hold.version())
        .paidWith(new PassUse(pass.passId(), pass.plan().creditsFor(quantity)));
  }

  @Test
  void theChecksVerdictIsTheTransactionsOnEveryCase() {
    List<String> cases = new ArrayList<>();
    java.util.Set<String> verdicts = new java.util.TreeSet<>();
    int n = 0;
    for (int credits : new int[] {1, 2, 3}) {
      for (int quantity : new int[] {1, 2, 3}) {
        for (Duration validity : List.of(Duration.ofDays(1), Duration.ofDays(30))) {
          Slot slot = fixtures.slot(ResourceKind.SEATS, 5);
          Pass pass = activePass(slot, "m" + n++, credits, validity);
          Optional<Refusal> check =
              pass.refusalFor(slot.venueId(), slot.resourceId(), slot.interval().start(), quantity);

          PlaceResult placed = fixtures.place(paidWith(pass, slot, quantity));
          verdicts.add(check.map(Refusal::name).orElse("SPENT"));

          Optional<Refusal> transaction =
              placed instanceof PlaceResult.PassRefused refused
                  ? Optional.of(refused.refusal())
                  : Optional.empty();
          if (!(placed instanceof PlaceResult.Placed) && transaction.isEmpty()) {
            cases.add(credits + "/" + quantity + "/" + validity + ": " + placed);
          } else if (!check.equals(transaction)) {
            cases.add(
                credits + "/" + quantity + "/" + validity + ": check " + check + ", " + placed);
          }
        }
      }
    }

    assertThat(n).isEqualTo(18);
    // the cases reach every verdict: spent, too few credits, and expired (valid until the start)
    assertThat(verdicts).containsExactly("INSUFFICIENT_CREDITS", "PASS_EXPIRED", "SPENT");
    assertThat(cases).as("cases where the check and the transaction disagree").isEmpty();
  }
}
