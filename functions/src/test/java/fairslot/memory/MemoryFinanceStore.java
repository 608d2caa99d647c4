package fairslot.memory;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.finance.app.FinanceStore;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import java.util.Comparator;
import java.util.Optional;

/**
 * Finance exceptions in memory, with the adapter's conditions: an exception moves only from OPEN, a
 * payment only from REFUND_FAILED, a booking only from the status read. Lists are one page.
 */
public final class MemoryFinanceStore implements FinanceStore {
  private final MemoryTables t;

  public MemoryFinanceStore(MemoryTables tables) {
    this.t = tables;
  }

  @Override
  public Optional<FinanceException> find(String exceptionId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.exceptions.get(exceptionId));
    }
  }

  @Override
  public Page<FinanceException> list(
      Optional<String> venueId, FinanceException.Status status, PageRequest page) {
    if (page.cursor().isPresent()) {
      throw new PageRequest.BadCursor("this list has one page");
    }
    synchronized (t.lock) {
      return new Page<>(
          t.exceptions.values().stream()
              .filter(e -> e.status() == status)
              .filter(e -> venueId.isEmpty() || e.venueId().equals(venueId))
              .sorted(Comparator.comparing(FinanceException::createdAt))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  @Override
  public boolean retryRefund(
      FinanceException seen,
      FinanceException.Resolution how,
      Payment payment,
      Optional<Booking> booking,
      Change change) {
    synchronized (t.lock) {
      if (!unmoved(seen, payment, booking)) {
        return false;
      }
      t.exceptions.put(seen.exceptionId(), seen.resolved(how, change.reason(), change.actor()));
      // the payment, or its refund part, as it is: only its status, attempts and round move
      Payment now = t.current(payment);
      t.keep(
          new Payment(
              now.paymentNo(),
              now.payable(),
              now.userId(),
              now.amount(),
              now.provider(),
              PaymentStatus.REFUNDING,
              0,
              now.createdAt(),
              now.refundRound() + 1,
              now.refund(),
              now.refundPart()));
      t.refundsDue.put(MemoryTables.recordKey(payment), change.at());
      booking.ifPresent(b -> move(b, BookingStatus.REFUNDING, change));
      return true;
    }
  }

  @Override
  public boolean resolve(
      FinanceException seen,
      FinanceException resolved,
      Optional<Payment> refundedOffline,
      Optional<Booking> booking,
      Change change) {
    synchronized (t.lock) {
      if (!unmoved(seen, refundedOffline.orElse(null), booking)) {
        return false;
      }
      t.exceptions.put(seen.exceptionId(), resolved);
      refundedOffline.ifPresent(
          p -> {
            t.keep(
                MemoryTables.paymentIn(t.current(p), PaymentStatus.REFUNDED, p.refundAttempts()));
            booking.ifPresent(b -> move(b, BookingStatus.REFUNDED, change));
          });
      return true;
    }
  }

  private boolean unmoved(FinanceException seen, Payment payment, Optional<Booking> booking) {
    FinanceException e = t.exceptions.get(seen.exceptionId());
    if (e == null || e.status() != FinanceException.Status.OPEN) {
      return false;
    }
    if (payment != null && t.current(payment).status() != PaymentStatus.REFUND_FAILED) {
      return false;
    }
    return booking
        .map(
            b -> {
              Booking now = t.bookings.get(b.bookingId());
              return now.status() == b.status() && now.version() == b.version();
            })
        .orElse(true);
  }

  private void move(Booking seen, BookingStatus to, Change change) {
    for (String id : seen.otherLineIds()) {
      Booking line = t.bookings.get(id);
      if (line.status() == t.bookings.get(seen.bookingId()).status()) {
        t.bookings.put(id, line.withStatus(to));
      }
    }
    Booking now = t.bookings.get(seen.bookingId());
    t.bookings.put(seen.bookingId(), now.withStatus(to));
    t.audit.add(
        new AuditEntry(
            change.at(),
            change.actor(),
            "booking:" + seen.bookingId(),
            now.status().name(),
            to.name(),
            change.reason()));
  }
}
