package fairslot.booking.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The request item; sparse queuedShard/queuedAt while QUEUED (stale-requests job); ttl after 30
 * days.
 */
final class RequestItemMapper {
  private RequestItemMapper() {}

  static Map<String, AttributeValue> toItem(BookingRequest r) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.request(r.requestId()), "REQUEST"));
    item.put("type", s("REQUEST"));
    item.put("requestId", s(r.requestId()));
    item.put("slotId", s(r.slotId()));
    item.put("userId", s(r.userId()));
    item.put("quantity", n(r.quantity()));
    item.put("joinWaitlist", AttributeValue.fromBool(r.joinWaitlist()));
    item.put("status", s(r.status().name()));
    item.put("createdAt", millis(r.createdAt()));
    if (r.status() != RequestStatus.ENTERED) {
      // A lottery entry waits for a draw that may be months away: it is kept.
      item.put("ttl", n(r.createdAt().plusSeconds(30L * 24 * 3600).getEpochSecond()));
    }
    r.fingerprint().ifPresent(f -> item.put("fingerprint", s(f)));
    r.passId().ifPresent(p -> item.put("passId", s(p)));
    if (r.status() == RequestStatus.QUEUED) {
      item.put("queuedShard", s(Keys.shard("QUEUED", r.requestId())));
      item.put("queuedAt", millis(r.createdAt()));
    }
    return item;
  }

  /** The partition listing a LOTTERY slot's entries for its draw. */
  /** Under the member, the key of each request they make: their export and erasure find it. */
  static final String LINK_PREFIX = "REQ#";

  static Map<String, AttributeValue> memberLink(BookingRequest r) {
    return Map.of(
        "PK", s(Keys.member(r.userId())),
        "SK", s(LINK_PREFIX + r.requestId()),
        "type", s("REQUEST_LINK"),
        "requestId", s(r.requestId()),
        "slotId", s(r.slotId()));
  }

  static String entriesKey(String slotId) {
    return "LOTTERY#" + slotId;
  }

  /** An entry's line in its slot's list, put with the entry (it rides on the entry's condition). */
  static TransactWriteItem listEntry(String table, BookingRequest entry) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(
                Map.of(
                    "PK", s(entriesKey(entry.slotId())),
                    "SK", s("ENTRY#" + entry.requestId()),
                    "type", s("LOTTERY_ENTRY"),
                    "requestId", s(entry.requestId()),
                    "userId", s(entry.userId()))));
  }

  static BookingRequest fromItem(Map<String, AttributeValue> item) {
    return new BookingRequest(
        str(item, "requestId"),
        str(item, "slotId"),
        str(item, "userId"),
        Attr.integer(item, "quantity"),
        item.get("joinWaitlist").bool(),
        RequestStatus.valueOf(str(item, "status")),
        Attr.optionalString(item, "bookingId"),
        Attr.optionalString(item, "code"),
        Attr.optionalString(item, "waitlistEntryId"),
        Attr.optionalString(item, "fingerprint"),
        Attr.instant(item, "createdAt"),
        Attr.optionalString(item, "passId"));
  }
}
