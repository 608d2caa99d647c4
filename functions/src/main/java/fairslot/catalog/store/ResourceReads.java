package fairslot.catalog.store;

import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Reads of a venue's resources: its list, and which of them share a slot's space. */
final class ResourceReads {
  private final DynamoDbClient dynamo;
  private final String table;
  private final Function<String, Optional<Resource>> find;

  ResourceReads(DynamoDbClient dynamo, String table, Function<String, Optional<Resource>> find) {
    this.dynamo = dynamo;
    this.table = table;
    this.find = find;
  }

  /** The venue lists its resources under its own key (ResourceItemMapper.venueLink). */
  List<Resource> resourcesOf(String venueId, int limit) {
    List<String> ids =
        dynamo
            .queryPaginator(
                r ->
                    r.tableName(table)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :r)")
                        .expressionAttributeValues(
                            Map.of(":pk", s(Keys.venue(venueId)), ":r", s(Keys.resource(""))))
                        .consistentRead(true))
            .items()
            .stream()
            .limit(limit)
            .map(i -> Attr.str(i, "resourceId"))
            .toList();
    return ids.stream().map(find).flatMap(Optional::stream).toList();
  }

  /**
   * The resources whose slots share this slot's space, as the resources read now, with the counts
   * the creation checks (SharedSpace): a combined resource made after this read either has no slots
   * yet, and its slots will find this one, or fails the creation, which then reads again.
   */
  SharedSpace sharedSpace(Slot slot) {
    if (slot.kind() != ResourceKind.EXCLUSIVE) {
      return SharedSpace.NONE;
    }
    Optional<Resource> own = find.apply(slot.resourceId());
    if (own.isEmpty()) {
      return SharedSpace.NONE;
    }
    Map<String, Integer> partsPartOf = new TreeMap<>();
    Set<String> sharing =
        own.get()
            .sharingSpace(
                part -> {
                  Set<String> partOf = find.apply(part).map(Resource::partOf).orElse(Set.of());
                  partsPartOf.put(part, partOf.size());
                  return partOf;
                });
    return new SharedSpace(sharing, own.get().partOf().size(), partsPartOf);
  }
}
