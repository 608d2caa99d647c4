package fairslot.catalog.store;

import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.catalog.domain.Assignee;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A coach ({@code COACH#<id>}, {@code COACH}) or a room ({@code ROOM#<id>}, {@code ROOM}). */
final class AssigneeItemMapper {
  private AssigneeItemMapper() {}

  static Map<String, AttributeValue> toItem(Assignee a) {
    Map<String, AttributeValue> item =
        new HashMap<>(
            Attr.key(Keys.assignee(a.ref().kind().name(), a.ref().id()), a.kind().name()));
    item.put("type", s(a.kind().name()));
    item.put("id", s(a.id()));
    item.put("venueId", s(a.venueId()));
    item.put("name", s(a.name()));
    return item;
  }

  static Assignee fromItem(Map<String, AttributeValue> item) {
    return new Assignee(
        Assignee.Kind.valueOf(str(item, "type")),
        str(item, "id"),
        str(item, "venueId"),
        str(item, "name"));
  }
}
