package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Inherited;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The slot item: fixed facts, the venue policy copy, and the live counters: {@code remaining}
 * (seats in no booking and no offer), {@code forWaitlist} (of those, owed to the waitlist), {@code
 * waitlistLength} (WAITING entries) and {@code waitSequence} (the join counter).
 */
public final class SlotItemMapper {
  private SlotItemMapper() {}

  public static Map<String, AttributeValue> toItem(Slot slot) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(Keys.slot(slot.slotId()), "SLOT"));
    item.put("type", s("SLOT"));
    item.put("slotId", s(slot.slotId()));
    item.put("venueId", s(slot.venueId()));
    item.put("resourceId", s(slot.resourceId()));
    item.put("kind", s(slot.kind().name()));
    item.put("startAt", millis(slot.interval().start()));
    item.put("endAt", millis(slot.interval().end()));
    item.put("capacity", n(slot.capacity()));
    item.put("remaining", n(slot.remaining()));
    item.put("forWaitlist", n(slot.forWaitlist()));
    item.put("status", s(slot.status().name()));
    item.put("priceMinor", n(slot.price().minor()));
    item.put("currency", s(slot.price().currency()));
    item.put("admission", s(slot.admission().name()));
    item.put("waitlistLength", n(slot.waitlistLength()));
    item.put("timeZone", s(slot.timeZone().getId()));
    item.put(
        "venueDay", s(Keys.venueDay(slot.venueId(), slot.interval().start(), slot.timeZone())));
    item.put("slotShard", s(Keys.shard("SLOTS", slot.slotId())));
    slot.assignment().coachId().ifPresent(id -> item.put("coachId", s(id)));
    slot.assignment().roomId().ifPresent(id -> item.put("roomId", s(id)));
    VenueItemMapper.PolicyAttributes.write(slot.policy(), item);
    item.putAll(inherited(slot.inherited()));
    item.putAll(SlotRulesAttributes.write(slot));
    return item;
  }

  static Slot fromItem(Map<String, AttributeValue> item) {
    return new Slot(
        str(item, "slotId"),
        str(item, "venueId"),
        str(item, "resourceId"),
        ResourceKind.valueOf(str(item, "kind")),
        new Interval(Attr.instant(item, "startAt"), Attr.instant(item, "endAt")),
        Attr.integer(item, "capacity"),
        Attr.integer(item, "remaining"),
        SlotStatus.valueOf(str(item, "status")),
        new Money(Attr.num(item, "priceMinor"), str(item, "currency")),
        Admission.valueOf(str(item, "admission")),
        Attr.integer(item, "waitlistLength"),
        ZoneId.of(str(item, "timeZone")),
        VenueItemMapper.PolicyAttributes.read(item),
        Attr.integer(item, "forWaitlist"),
        new Assignment(Attr.optionalString(item, "coachId"), Attr.optionalString(item, "roomId")),
        new Inherited(
            Attr.numOr(item, "venueRev", 0),
            Attr.numOr(item, "resourceRev", 0),
            item.containsKey("venueDisabled"),
            item.containsKey("resourceDisabled")),
        SlotRulesAttributes.read(item));
  }

  /**
   * The revisions a slot carries, and the disabled marks, present only while set (the booking
   * condition asks for their absence).
   */
  static Map<String, AttributeValue> inherited(Inherited inherited) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("venueRev", n(inherited.venueRev()));
    item.put("resourceRev", n(inherited.resourceRev()));
    if (inherited.venueDisabled()) {
      item.put("venueDisabled", AttributeValue.fromBool(true));
    }
    if (inherited.resourceDisabled()) {
      item.put("resourceDisabled", AttributeValue.fromBool(true));
    }
    return item;
  }
}
