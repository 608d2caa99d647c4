package fairslot.booking.domain;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What refuses a reschedule, judged on what was read: the booking's own state, the target slot, the
 * price, and the member's calendar. Pure: the service reads, these decide.
 */
public final class RescheduleRules {
  private RescheduleRules() {}

  /** What the booking as read already refuses. */
  public static Optional<Outcome<Booking>> refusal(Booking b, Instant now) {
    if (b.status() != BookingStatus.PAID
        && !(b.status() == BookingStatus.PENDING_PAY && !b.isOverdueHold(now))) {
      return Optional.of(
          Outcome.refused(
              Refusal.INVALID_TRANSITION, "a " + b.statusAt(now) + " booking cannot be moved"));
    }
    boolean fullRefund =
        b.slot()
            .cancelTiers()
            .at(b.slot().interval().start(), now)
            .map(tier -> tier.refundPercent() == 100)
            .orElse(false);
    if (!fullRefund) {
      return Optional.of(
          Outcome.refused(
              Refusal.CANCEL_WINDOW_CLOSED,
              "a booking is moved only while its cancel would be refunded in full"));
    }
    return Optional.empty();
  }

  public static Optional<Outcome<Booking>> slotRefusal(Booking b, Slot target, Instant now) {
    if (!target.venueId().equals(b.slot().venueId())) {
      return Optional.of(
          Outcome.refused(Refusal.INVALID_REQUEST, "a booking moves within its venue only"));
    }
    if (target.hasStarted(now)) {
      return Optional.of(Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started"));
    }
    if (!target.onSale()) {
      return Optional.of(Outcome.refused(Refusal.SLOT_CLOSED, "the slot takes no bookings"));
    }
    if (target.admission() != Admission.DIRECT) {
      return Optional.of(
          Outcome.refused(
              Refusal.INVALID_TRANSITION,
              "a " + target.admission() + " slot's seats are given by its queue or its draw"));
    }
    int max = Math.min(target.policy().maxPerBooking(), target.capacity());
    if (b.quantity() > max) {
      return Optional.of(
          Outcome.refused(
              Refusal.INVALID_REQUEST, "that slot takes at most " + max + " a booking"));
    }
    return Optional.empty();
  }

  /**
   * Dearer: refused. Cheaper: a hold without a payment started costs the new price, a paid booking
   * is refunded the difference; a hold whose payment is under way is refused, as the money on its
   * way is the old price.
   */
  public static Optional<Outcome<Booking>> priceRefusal(
      Booking b, Booking moved, Optional<String> paymentNo) {
    Money was = b.amount();
    Money now = moved.amount();
    if (!was.currency().equals(now.currency()) || now.minor() > was.minor()) {
      return Optional.of(
          Outcome.refused(
              Refusal.PRICE_HIGHER,
              "that slot costs more; cancel and book it instead",
              Map.of("priceMinor", now.minor())));
    }
    boolean moneyOnItsWay = b.status() == BookingStatus.PENDING_PAY && paymentNo.isPresent();
    if (now.minor() < was.minor() && moneyOnItsWay) {
      return Optional.of(
          Outcome.refused(
              Refusal.PRICE_LOWER,
              "that slot costs less, and this hold's payment of the old price is under way;"
                  + " finish paying, then move it",
              Map.of("priceMinor", now.minor())));
    }
    return Optional.empty();
  }

  /** The member's other booking the moved one would overlap, if any (its own entry aside). */
  public static Optional<String> clash(List<MemberCalendar> days, Booking moved) {
    List<String> own =
        moved
            .group()
            .map(g -> g.lines().stream().map(l -> l.bookingId()).toList())
            .orElse(List.of(moved.bookingId()));
    return days.stream()
        .flatMap(c -> c.entries().entrySet().stream())
        .filter(e -> !own.contains(e.getKey())) // its own lines may overlap each other
        .filter(e -> e.getValue().overlaps(moved.slot().interval()))
        .map(Map.Entry::getKey)
        .sorted()
        .findFirst();
  }
}
