package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class ResourceItemMapper {
  static final String PARTS = "parts";
  static final String PART_OF = "partOf";

  private ResourceItemMapper() {}

  static Map<String, AttributeValue> toItem(Resource resource) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.resource(resource.resourceId()), "RESOURCE"));
    item.put("type", s("RESOURCE"));
    item.put("resourceId", s(resource.resourceId()));
    item.put("venueId", s(resource.venueId()));
    item.put("name", s(resource.name()));
    item.put("kind", s(resource.kind().name()));
    item.put("capacity", n(resource.capacity()));
    item.put("status", s(resource.status().name()));
    item.put("rev", n(resource.rev()));
    if (!resource.bufferAfter().isZero()) {
      item.put("bufferAfterMs", n(resource.bufferAfter().toMillis()));
    }
    if (resource.combined()) {
      item.put(PARTS, AttributeValue.fromL(resource.parts().stream().map(Attr::s).toList()));
    }
    if (!resource.partOf().isEmpty()) {
      item.put(PART_OF, AttributeValue.fromSs(List.copyOf(resource.partOf())));
    }
    return item;
  }

  /** Lists the venue's resources under the venue's key (an edit of the venue reaches them all). */
  static Map<String, AttributeValue> venueLink(Resource resource) {
    Map<String, AttributeValue> item =
        new HashMap<>(
            Attr.key(Keys.venue(resource.venueId()), Keys.resource(resource.resourceId())));
    item.put("type", s("VENUE_RESOURCE"));
    item.put("resourceId", s(resource.resourceId()));
    return item;
  }

  static Resource fromItem(Map<String, AttributeValue> item) {
    return new Resource(
        str(item, "resourceId"),
        str(item, "venueId"),
        str(item, "name"),
        ResourceKind.valueOf(str(item, "kind")),
        Attr.integer(item, "capacity"),
        VenueItemMapper.operatingStatus(item),
        Attr.numOr(item, "rev", 0),
        Duration.ofMillis(Attr.numOr(item, "bufferAfterMs", 0)),
        item.containsKey(PARTS)
            ? item.get(PARTS).l().stream().map(AttributeValue::s).toList()
            : List.of(),
        partOf(item));
  }

  /** A part's combined resources (a string set, grown when each is created). */
  static Set<String> partOf(Map<String, AttributeValue> item) {
    AttributeValue v = item.get(PART_OF);
    return v == null || !v.hasSs() ? Set.of() : Set.copyOf(v.ss());
  }
}
