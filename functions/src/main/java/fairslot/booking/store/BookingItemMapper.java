package fairslot.booking.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingGroup;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MoneyBack;
import fairslot.booking.domain.Reminder;
import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.coupon.domain.CouponUse;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.notification.domain.Notification;
import fairslot.pass.domain.PassUse;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The booking item. It carries the index keys of bookingsByUser and bookingsBySlot, and sparse keys
 * that exist only while they matter: holdsDue/holdsBySlot while PENDING_PAY, attendanceDue while
 * PAID. Jobs that query those indexes read only the items due.
 */
public final class BookingItemMapper {
  private BookingItemMapper() {}

  public static Map<String, AttributeValue> toItem(Booking b) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.booking(b.bookingId()), "BOOKING"));
    item.put("type", s("BOOKING"));
    item.put("bookingId", s(b.bookingId()));
    item.put("slotId", s(b.slotId()));
    b.paymentNo().ifPresent(p -> item.put("paymentNo", s(p)));
    item.put("userId", s(b.userId()));
    item.put("quantity", n(b.quantity()));
    item.put("status", s(b.status().name()));
    item.put("version", n(b.version()));
    item.put("amountMinor", n(b.amount().minor()));
    item.put("currency", s(b.amount().currency()));
    item.put("createdAt", millis(b.createdAt()));
    BookedSlot slot = b.slot();
    item.put("slotStart", millis(slot.interval().start()));
    item.put("slotEnd", millis(slot.interval().end()));
    item.put("slotCapacity", n(slot.capacity()));
    item.put("venueId", s(slot.venueId()));
    item.put("resourceId", s(slot.resourceId()));
    item.put("kind", s(slot.kind().name()));
    item.put("timeZone", s(slot.timeZone().getId()));
    item.put("cancelCutoffSeconds", n(slot.cancelCutoff().toSeconds()));
    item.put("holdSeconds", n(slot.holdDuration().toSeconds()));
    item.put("policyRev", n(slot.policyRev()));
    item.put("cancelTiers", s(slot.cancelTiers().encode()));
    item.put("reminderSeconds", n(slot.reminderBefore().toSeconds()));
    if (!slot.counterparts().isEmpty()) {
      item.put("slotCounterparts", AttributeValue.fromSs(List.copyOf(slot.counterparts())));
    }
    b.refund().ifPresent(r -> item.put("refundMinor", n(r.minor())));
    b.disputed().ifPresent(d -> item.put("disputedMinor", n(d.minor())));
    b.moneyBack().parts().ifPresent(p -> item.put("partsRefundedMinor", n(p.minor())));
    b.pass()
        .ifPresent(
            use -> {
              item.put("passId", s(use.passId()));
              item.put("passCredits", n(use.credits()));
            });
    b.coupon()
        .ifPresent(
            use -> {
              item.put("couponCode", s(use.code()));
              item.put("couponBaseMinor", n(use.base().minor()));
              item.put("couponOffMinor", n(use.off().minor()));
              item.put("couponPerMember", n(use.perMember()));
              item.put("couponHeld", AttributeValue.fromBool(use.held()));
            });
    item.put("bookingUser", s(b.userId()));
    item.put("bookingSlot", s(b.slotId()));
    item.put(
        "bookingVenueDay",
        s(Keys.venueDay(slot.venueId(), slot.interval().start(), slot.timeZone())));
    b.holdExpiresAt()
        .ifPresent(
            deadline -> {
              item.put("holdExpiresAt", millis(deadline));
              if (b.status() == BookingStatus.PENDING_PAY) {
                item.putAll(holdIndexKeys(b, deadline));
              }
            });
    if (b.status() == BookingStatus.PAID) {
      item.putAll(attendanceIndexKeys(b));
    }
    owedReminder(b, b.status(), b.createdAt()).ifPresent(r -> item.putAll(reminderKeys(b, r)));
    b.group().ifPresent(g -> item.put("groupLines", groupItem(g)));
    return item;
  }

  /**
   * The reminder {@code b} is owed in {@code status}: a booking of several slots is warned of its
   * one hold once, by its lead; each of its slots is reminded of its own start.
   */
  static Optional<Reminder> owedReminder(Booking b, BookingStatus status, Instant now) {
    return Reminder.owed(status, b.holdExpiresAt(), b.slot(), now)
        .filter(r -> !(b.isOtherLine() && r.kind() == Notification.Kind.HOLD_EXPIRING));
  }

  static AttributeValue groupItem(BookingGroup g) {
    return AttributeValue.fromL(
        g.lines().stream()
            .map(
                l ->
                    AttributeValue.fromM(
                        Map.of(
                            "bookingId", s(l.bookingId()),
                            "slotId", s(l.slotId()),
                            "resourceId", s(l.resourceId()),
                            "startAt", millis(l.interval().start()),
                            "endAt", millis(l.interval().end()),
                            "amountMinor", n(l.amount().minor()))))
            .toList());
  }

  private static Optional<BookingGroup> group(Map<String, AttributeValue> item, String currency) {
    if (!item.containsKey("groupLines")) {
      return Optional.empty();
    }
    return Optional.of(
        new BookingGroup(
            item.get("groupLines").l().stream()
                .map(AttributeValue::m)
                .map(
                    l ->
                        new BookingGroup.Line(
                            str(l, "bookingId"),
                            str(l, "slotId"),
                            str(l, "resourceId"),
                            new Interval(Attr.instant(l, "startAt"), Attr.instant(l, "endAt")),
                            new Money(Attr.num(l, "amountMinor"), currency)))
                .toList()));
  }

  /**
   * The reminder a booking is owed, as sparse keys of the notificationsDue index under {@code
   * REMIND#0..3} (the send-notifications job reads them when due; the outbox's own items use {@code
   * NOTIFY#0..3} of the same index).
   */
  static Map<String, AttributeValue> reminderKeys(Booking b, Reminder r) {
    return Map.of(
        "notifyShard", s(Keys.shard("REMIND", b.bookingId())),
        "notifyDueAt", millis(r.at()),
        "remindKind", s(r.kind().name()));
  }

  static final List<String> REMINDER_ATTRIBUTES =
      List.of("notifyShard", "notifyDueAt", "remindKind");

  /** Sparse holdsDue and holdsBySlot keys: present only while the booking is PENDING_PAY. */
  static Map<String, AttributeValue> holdIndexKeys(Booking b, Instant deadline) {
    return Map.of(
        "holdDueShard", s(Keys.shard("HOLDS", b.bookingId())),
        "holdDueAt", millis(deadline),
        "holdSlot", s(b.slotId()));
  }

  /** Sparse attendanceDue keys: present only while PAID, due when the slot ends (no-show job). */
  static Map<String, AttributeValue> attendanceIndexKeys(Booking b) {
    return Map.of(
        "attendDueShard", s(Keys.shard("ATTEND", b.bookingId())),
        "attendDueAt", millis(b.slot().interval().end()));
  }

  public static Booking fromItem(Map<String, AttributeValue> item) {
    return new Booking(
        str(item, "bookingId"),
        str(item, "userId"),
        Attr.integer(item, "quantity"),
        BookingStatus.valueOf(str(item, "status")),
        new Money(Attr.num(item, "amountMinor"), str(item, "currency")),
        Attr.optionalInstant(item, "holdExpiresAt"),
        Attr.instant(item, "createdAt"),
        Attr.optionalString(item, "paymentNo"),
        new BookedSlot(
            str(item, "slotId"),
            str(item, "venueId"),
            str(item, "resourceId"),
            ResourceKind.valueOf(str(item, "kind")),
            new Interval(Attr.instant(item, "slotStart"), Attr.instant(item, "slotEnd")),
            Attr.integer(item, "slotCapacity"),
            ZoneId.of(str(item, "timeZone")),
            Duration.ofSeconds(Attr.num(item, "cancelCutoffSeconds")),
            // Bookings written before policy snapshots held the venue default.
            item.containsKey("holdSeconds")
                ? Duration.ofSeconds(Attr.num(item, "holdSeconds"))
                : VenuePolicy.DEFAULT.holdDuration(),
            Attr.numOr(item, "policyRev", 0),
            // Bookings written before tiers existed: the cutoff is their one tier.
            item.containsKey("cancelTiers")
                ? CancelTiers.decode(str(item, "cancelTiers"))
                : CancelTiers.NONE,
            item.containsKey("reminderSeconds")
                ? Duration.ofSeconds(Attr.num(item, "reminderSeconds"))
                : VenuePolicy.DEFAULT_REMINDER,
            item.containsKey("slotCounterparts")
                ? Set.copyOf(item.get("slotCounterparts").ss())
                : Set.of()),
        Attr.num(item, "version"),
        item.containsKey("refundMinor")
            ? Optional.of(new Money(Attr.num(item, "refundMinor"), str(item, "currency")))
            : Optional.empty(),
        item.containsKey("passId")
            ? Optional.of(new PassUse(str(item, "passId"), Attr.integer(item, "passCredits")))
            : Optional.empty(),
        group(item, str(item, "currency")),
        new MoneyBack(
            item.containsKey("partsRefundedMinor")
                ? Optional.of(
                    new Money(Attr.num(item, "partsRefundedMinor"), str(item, "currency")))
                : Optional.empty(),
            item.containsKey("disputedMinor")
                ? Optional.of(new Money(Attr.num(item, "disputedMinor"), str(item, "currency")))
                : Optional.empty()),
        coupon(item));
  }

  /** The coupon the booking was bought with; {@code couponHeld} false once it was given back. */
  private static Optional<CouponUse> coupon(Map<String, AttributeValue> item) {
    if (!item.containsKey("couponCode")) {
      return Optional.empty();
    }
    return Optional.of(
        new CouponUse(
            str(item, "couponCode"),
            new Money(Attr.num(item, "couponBaseMinor"), str(item, "currency")),
            new Money(Attr.num(item, "couponOffMinor"), str(item, "currency")),
            Attr.integer(item, "couponPerMember"),
            Boolean.TRUE.equals(item.get("couponHeld").bool())));
  }
}
