package fairslot.payment.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.JobReport;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentService.Applied;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The payments-reconcile job on the in-memory stores: a payment whose notification never came is
 * settled by what the provider's query says, under the notification's own event id; one the
 * provider knows nothing of yet is asked again later; a lapsed hold's order is closed; a provider
 * that cannot be asked takes the payment out of the checks.
 */
class PaymentReconciliationTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
  private final Queried provider = new Queried();
  private final PaymentReconciliation job =
      new PaymentReconciliation(
          world.paymentStore,
          world.bookingStore,
          new PaymentProviders(List.of(provider)),
          world.payments,
          world.clock);

  /** The world's provider as its query and close answer (same name, so its payments are named). */
  private static final class Queried extends fairslot.memory.NamedProvider {
    final Map<String, PaymentCallback> known = new ConcurrentHashMap<>();
    final Set<String> closed = ConcurrentHashMap.newKeySet();

    Queried() {
      super("scripted");
    }

    @Override
    public boolean answersQueries() {
      return true;
    }

    @Override
    public Optional<PaymentCallback> query(Payment payment) {
      return Optional.ofNullable(known.get(payment.paymentNo()));
    }

    @Override
    public Closing close(Payment payment) {
      closed.add(payment.paymentNo());
      known.putIfAbsent(
          payment.paymentNo(),
          new PaymentCallback(
              "closed:" + payment.paymentNo(),
              payment.paymentNo(),
              payment.payable().id(),
              payment.amount(),
              PaymentCallback.Outcome.FAILED));
      return Closing.CLOSED;
    }
  }

  private Payment pending(String user) {
    Booking b =
        ((Booked.Created)
                done(
                    world.bookings.book(
                        Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
            .booking();
    return done(world.payments.pay(user, new Payable.ForBooking(b.bookingId()), Optional.empty()))
        .payment();
  }

  private static PaymentCallback paid(Payment p) {
    return new PaymentCallback(
        "paid:" + p.paymentNo(),
        p.paymentNo(),
        p.payable().id(),
        p.amount(),
        PaymentCallback.Outcome.SUCCEEDED);
  }

  @Test
  void aLostNotificationIsSettledByTheQueryAndTheLateNotificationThenChangesNothing() {
    Payment p = pending("u1");
    provider.known.put(p.paymentNo(), paid(p));
    world.clock.advance(PaymentStore.FIRST_CHECK.plusSeconds(1));

    JobReport report = job.run(10);

    assertThat(report.changed()).isEqualTo(1);
    assertThat(world.booking(p.payable().id()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(done(world.payments.callback(paid(p)))).isEqualTo(Applied.DUPLICATE);
    assertThat(world.paymentStore.pendingDue(world.clock.instant().plusSeconds(3600), 10))
        .isEmpty();
  }

  @Test
  void aPaymentTheProviderKnowsNothingOfYetIsAskedAgainLaterNotAtOnce() {
    Payment p = pending("u1");
    world.clock.advance(PaymentStore.FIRST_CHECK.plusSeconds(1));

    JobReport first = job.run(10);
    JobReport atOnce = job.run(10);
    world.clock.advance(PaymentReconciliation.RECHECK);
    provider.known.put(p.paymentNo(), paid(p));
    JobReport later = job.run(10);

    assertThat(first.changed()).isZero();
    assertThat(atOnce.due()).isZero();
    assertThat(later.changed()).isEqualTo(1);
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.SUCCEEDED);
  }

  @Test
  void aLapsedHoldsOrderIsClosedAndItsPaymentFails() {
    Payment p = pending("u1");
    world.clock.advance(slot.policy().holdDuration().plusMinutes(1));

    job.run(10);

    assertThat(provider.closed).containsExactly(p.paymentNo());
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.FAILED);
  }

  @Test
  void aProviderThatCannotBeAskedTakesThePaymentOutOfTheChecks() {
    PaymentReconciliation unaskable =
        new PaymentReconciliation(
            world.paymentStore,
            world.bookingStore,
            new PaymentProviders(List.of(world.provider)),
            world.payments,
            world.clock);
    Payment p = pending("u1");
    world.clock.advance(PaymentStore.FIRST_CHECK.plusSeconds(1));

    JobReport report = unaskable.run(10);

    assertThat(report.changed()).isZero();
    assertThat(world.paymentStore.pendingDue(world.clock.instant().plusSeconds(3600), 10))
        .isEmpty();
    assertThat(world.payment(p.paymentNo()).status()).isEqualTo(PaymentStatus.PENDING);
  }
}
