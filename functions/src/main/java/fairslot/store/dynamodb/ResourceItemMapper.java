package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;
import static fairslot.store.dynamodb.Attr.str;

import fairslot.domain.Resource;
import fairslot.domain.ResourceKind;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class ResourceItemMapper {
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
    return item;
  }

  static Resource fromItem(Map<String, AttributeValue> item) {
    return new Resource(
        str(item, "resourceId"),
        str(item, "venueId"),
        str(item, "name"),
        ResourceKind.valueOf(str(item, "kind")),
        Attr.integer(item, "capacity"));
  }
}
