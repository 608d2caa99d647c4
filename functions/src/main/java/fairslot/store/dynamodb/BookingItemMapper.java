package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;
import static fairslot.store.dynamodb.Attr.str;

import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.Interval;
import fairslot.domain.Money;
import fairslot.domain.ResourceKind;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The booking item. It carries the index keys of bookingsByUser and bookingsBySlot, and, only
 * while PENDING_PAY, the sparse holdsDue keys, so the hold sweep reads only holds.
 */
final class BookingItemMapper {
  private BookingItemMapper() {}

  static Map<String, AttributeValue> toItem(Booking b) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(Keys.booking(b.bookingId()), "BOOKING"));
    item.put("type", s("BOOKING"));
    item.put("bookingId", s(b.bookingId()));
    item.put("slotId", s(b.slotId()));
    item.put("userId", s(b.userId()));
    item.put("quantity", n(b.quantity()));
    item.put("status", s(b.status().name()));
    item.put("amountMinor", n(b.amount().minor()));
    item.put("currency", s(b.amount().currency()));
    item.put("createdAt", millis(b.createdAt()));
    item.put("slotStart", millis(b.slotInterval().start()));
    item.put("slotEnd", millis(b.slotInterval().end()));
    item.put("slotCapacity", n(b.slotCapacity()));
    item.put("venueId", s(b.venueId()));
    item.put("resourceId", s(b.resourceId()));
    item.put("kind", s(b.kind().name()));
    item.put("timeZone", s(b.timeZone().getId()));
    item.put("bookingUser", s(b.userId()));
    item.put("bookingSlot", s(b.slotId()));
    b.holdExpiresAt().ifPresent(deadline -> {
      item.put("holdExpiresAt", millis(deadline));
      if (b.status() == BookingStatus.PENDING_PAY) {
        item.put("holdDueShard", s(Keys.holdShard(b.bookingId())));
        item.put("holdDueAt", millis(deadline));
      }
    });
    return item;
  }

  static Booking fromItem(Map<String, AttributeValue> item) {
    return new Booking(
        str(item, "bookingId"),
        str(item, "slotId"),
        str(item, "userId"),
        Attr.integer(item, "quantity"),
        BookingStatus.valueOf(str(item, "status")),
        new Money(Attr.num(item, "amountMinor"), str(item, "currency")),
        Attr.optionalInstant(item, "holdExpiresAt"),
        Attr.instant(item, "createdAt"),
        new Interval(Attr.instant(item, "slotStart"), Attr.instant(item, "slotEnd")),
        Attr.integer(item, "slotCapacity"),
        str(item, "venueId"),
        str(item, "resourceId"),
        ResourceKind.valueOf(str(item, "kind")),
        ZoneId.of(str(item, "timeZone")));
  }
}
