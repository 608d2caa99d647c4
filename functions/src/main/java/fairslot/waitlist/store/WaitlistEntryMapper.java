package fairslot.waitlist.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The waitlist entry item ({@code WAITENTRY#<id>}). While WAITING it carries the waitingBySlot keys
 * (slot, sequence); while OFFERED the offersDue keys.
 */
public final class WaitlistEntryMapper {
  private WaitlistEntryMapper() {}

  static Map<String, AttributeValue> toItem(WaitlistEntry e) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.waitEntry(e.entryId()), "WAITENTRY"));
    item.put("type", s("WAITENTRY"));
    item.put("entryId", s(e.entryId()));
    item.put("slotId", s(e.slotId()));
    item.put("userId", s(e.userId()));
    item.put("sequence", n(e.sequence()));
    item.put("status", s(e.status().name()));
    item.put("joinedAt", millis(e.joinedAt()));
    item.put("slotCapacity", n(e.slotCapacity()));
    item.put("entrySlot", s(e.slotId()));
    if (e.status() == WaitlistStatus.WAITING) {
      item.put("waitingSlot", s(e.slotId()));
      item.put("waitSequence", n(e.sequence()));
    }
    return item;
  }

  public static WaitlistEntry fromItem(Map<String, AttributeValue> item) {
    return new WaitlistEntry(
        str(item, "entryId"),
        str(item, "slotId"),
        str(item, "userId"),
        Attr.num(item, "sequence"),
        WaitlistStatus.valueOf(str(item, "status")),
        Attr.optionalInstant(item, "offerExpiresAt"),
        Attr.optionalString(item, "bookingId"),
        Attr.instant(item, "joinedAt"),
        Attr.integer(item, "slotCapacity"));
  }
}
