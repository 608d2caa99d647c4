package fairslot.booking.domain;

import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassUse;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The bookings one placement makes: one per slot (a line), earliest slot first. A booking of one
 * slot is a group of one and carries no group; several lines share one hold and one payment.
 */
public final class BookingLines {
  private BookingLines() {}

  /**
   * The lines for {@code slots}, each with its id from {@code lineIds} (in the order the slots are
   * placed: earliest first), paid with {@code pass} when there is one.
   */
  public static List<Booking> of(
      List<String> lineIds,
      String userId,
      int quantity,
      List<Slot> slots,
      Instant now,
      Optional<Pass> pass) {
    List<Slot> ordered =
        slots.stream()
            .sorted(
                Comparator.comparing((Slot s) -> s.interval().start()).thenComparing(Slot::slotId))
            .toList();
    List<Booking> bare = new ArrayList<>();
    for (int i = 0; i < ordered.size(); i++) {
      Booking b = newBooking(lineIds.get(i), userId, quantity, ordered.get(i), now);
      // paid with the pass: each slot takes its own credits, PAID at once
      bare.add(pass.isPresent() ? paidWithPass(b, pass.get()) : b);
    }
    if (bare.size() == 1) {
      return bare;
    }
    // One hold for the whole booking: the shortest of the slots' hold durations.
    Optional<Instant> hold =
        bare.stream().flatMap(b -> b.holdExpiresAt().stream()).min(Comparator.naturalOrder());
    BookingGroup group = BookingGroup.of(bare);
    boolean free = group.total().isFree();
    return bare.stream()
        .map(b -> (b.pass().isPresent() ? b : oneHold(b, free, hold)).inGroup(group))
        .toList();
  }

  /** Every UTC day the lines occupy on the member's calendar. */
  public static TreeSet<LocalDate> days(List<Booking> lines) {
    TreeSet<LocalDate> days = new TreeSet<>();
    lines.forEach(l -> days.addAll(l.calendarDays()));
    return days;
  }

  /** A new booking of {@code slot} at its price: PAID at once when free, else held to pay. */
  public static Booking newBooking(
      String bookingId, String userId, int quantity, Slot slot, Instant now) {
    boolean free = slot.price().isFree();
    return new Booking(
        bookingId,
        userId,
        quantity,
        free ? BookingStatus.PAID : BookingStatus.PENDING_PAY,
        slot.price().times(quantity),
        free ? Optional.empty() : Optional.of(now.plus(slot.policy().holdDuration())),
        now,
        Optional.empty(),
        BookedSlot.of(slot),
        1);
  }

  /** The booking paid by the pass: PAID at once, no money, the credits the plan takes. */
  static Booking paidWithPass(Booking b, Pass pass) {
    return new Booking(
            b.bookingId(),
            b.userId(),
            b.quantity(),
            BookingStatus.PAID,
            new Money(0, b.amount().currency()),
            Optional.empty(),
            b.createdAt(),
            Optional.empty(),
            b.slot(),
            b.version())
        .paidWith(new PassUse(pass.passId(), pass.plan().creditsFor(b.quantity())));
  }

  /** A line under the group's one hold: paid at once only when the whole booking is free. */
  private static Booking oneHold(Booking b, boolean free, Optional<Instant> hold) {
    return new Booking(
        b.bookingId(),
        b.userId(),
        b.quantity(),
        free ? BookingStatus.PAID : BookingStatus.PENDING_PAY,
        b.amount(),
        free ? Optional.empty() : hold,
        b.createdAt(),
        Optional.empty(),
        b.slot(),
        b.version());
  }
}
