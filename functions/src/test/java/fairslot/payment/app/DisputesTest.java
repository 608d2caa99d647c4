package fairslot.payment.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import fairslot.payment.domain.DisputeReport;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A payer's dispute on the in-memory stores (API.md v1.3): each state applied once, a decision
 * closes the opened exception, only a lost dispute marks the booking, and a dispute of a charge
 * fairslot did not make is finance's as unknown.
 */
class DisputesTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 2, 5000, Admission.DIRECT);

  private Payment paid() {
    return world.paidOnline("u1", slot);
  }

  private static DisputeReport report(Payment p, DisputeReport.State state) {
    return new DisputeReport(
        "dp_1",
        Optional.of(p.paymentNo()),
        new Money(5000, "CNY"),
        "fraudulent",
        Optional.of(Instant.parse("2026-12-14T00:00:00Z")),
        state,
        "{}");
  }

  private FinanceException only(FinanceException.Kind kind) {
    List<FinanceException> of =
        world.paymentStore.exceptions().stream().filter(e -> e.kind() == kind).toList();
    assertThat(of).as(kind.name()).hasSize(1);
    return of.get(0);
  }

  @Test
  void anOpenedDisputeIsOneOpenExceptionHoweverOftenItComes() {
    Payment p = paid();

    assertThat(world.payments.dispute(report(p, DisputeReport.State.OPENED))).isTrue();
    assertThat(world.payments.dispute(report(p, DisputeReport.State.OPENED))).isFalse();

    FinanceException opened = only(FinanceException.Kind.DISPUTE_OPENED);
    assertThat(opened.status()).isEqualTo(FinanceException.Status.OPEN);
    assertThat(opened.dispute().orElseThrow().reason()).isEqualTo("fraudulent");
    assertThat(opened.bookingId()).contains(p.payable().id());
    assertThat(world.booking(p.payable().id()).disputed()).isEmpty();
  }

  @Test
  void aLostDisputeClosesTheOpenedOneAndMarksTheBookingKeepingItsStatus() {
    Payment p = paid();
    world.payments.dispute(report(p, DisputeReport.State.OPENED));

    world.payments.dispute(report(p, DisputeReport.State.LOST));
    world.payments.dispute(report(p, DisputeReport.State.LOST));

    assertThat(only(FinanceException.Kind.DISPUTE_OPENED).resolution())
        .contains(FinanceException.Resolution.CLOSED_BY_PROVIDER);
    assertThat(only(FinanceException.Kind.DISPUTE_LOST).status())
        .isEqualTo(FinanceException.Status.OPEN);
    Booking b = world.booking(p.payable().id());
    assertThat(b.status()).isEqualTo(BookingStatus.PAID);
    assertThat(b.disputed()).contains(new Money(5000, "CNY"));
  }

  @Test
  void aWonDisputeNeedsNobodyAndLeavesTheBookingUnmarked() {
    Payment p = paid();
    world.payments.dispute(report(p, DisputeReport.State.OPENED));

    world.payments.dispute(report(p, DisputeReport.State.WON));

    assertThat(only(FinanceException.Kind.DISPUTE_WON).status())
        .isEqualTo(FinanceException.Status.RESOLVED);
    assertThat(only(FinanceException.Kind.DISPUTE_OPENED).status())
        .isEqualTo(FinanceException.Status.RESOLVED);
    assertThat(world.booking(p.payable().id()).disputed()).isEmpty();
  }

  @Test
  void aDisputeOfAChargeFairslotDidNotMakeIsFinancesAsUnknown() {
    DisputeReport stranger =
        new DisputeReport(
            "dp_2",
            Optional.empty(),
            new Money(1200, "CNY"),
            "general",
            Optional.empty(),
            DisputeReport.State.OPENED,
            "{}");

    world.payments.dispute(stranger);

    FinanceException unknown = only(FinanceException.Kind.UNKNOWN_PAYMENT);
    assertThat(unknown.dispute().orElseThrow().disputeId()).isEqualTo("dp_2");
  }
}
