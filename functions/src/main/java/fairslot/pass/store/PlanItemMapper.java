package fairslot.pass.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.kernel.Money;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import fairslot.table.Attr;
import java.time.Duration;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A plan's attributes. A plan never changes, so the same attributes are written twice: under its
 * own key (found by id) and under its venue (listed by venue).
 */
final class PlanItemMapper {
  private PlanItemMapper() {}

  static Map<String, AttributeValue> toItem(Plan p, String pk, String sk) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(pk, sk));
    attributes(p, item);
    return item;
  }

  /** The plan's attributes (also the copy a pass keeps), without keys. */
  static void attributes(Plan p, Map<String, AttributeValue> item) {
    item.put("type", s("PLAN"));
    item.put("planId", s(p.planId()));
    item.put("venueId", s(p.venueId()));
    item.put("timeZone", s(p.timeZone().getId()));
    item.put("name", s(p.name()));
    item.put("kind", s(p.kind().name()));
    item.put("credits", n(p.credits()));
    item.put("validitySeconds", n(p.validity().toSeconds()));
    // Lists, not sets: DynamoDB has no empty set, and an empty list means every resource.
    item.put(
        "resourceIds",
        AttributeValue.fromL(p.resourceIds().stream().sorted().map(Attr::s).toList()));
    item.put("priceMinor", n(p.price().minor()));
    item.put("currency", s(p.price().currency()));
    item.put("planCreatedAt", millis(p.createdAt()));
  }

  static Plan fromItem(Map<String, AttributeValue> item) {
    var ids = new HashSet<String>();
    item.get("resourceIds").l().forEach(v -> ids.add(v.s()));
    return new Plan(
        str(item, "planId"),
        str(item, "venueId"),
        ZoneId.of(str(item, "timeZone")),
        str(item, "name"),
        PlanKind.valueOf(str(item, "kind")),
        Attr.integer(item, "credits"),
        Duration.ofSeconds(Attr.num(item, "validitySeconds")),
        ids,
        new Money(Attr.num(item, "priceMinor"), str(item, "currency")),
        Attr.instant(item, "planCreatedAt"));
  }
}
