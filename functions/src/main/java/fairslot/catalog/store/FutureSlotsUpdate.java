package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Venue;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Carries a venue's policy and disabled mark, or a resource's disabled mark, to each slot of it
 * that starts after a moment. The slots are found from the (resource, start) guard items, under
 * each resource's key, so no index and no scan. Each slot update is conditioned on the slot holding
 * an older revision: a rerun changes nothing, and an older edit never overwrites a newer one.
 */
final class FutureSlotsUpdate {
  private final DynamoDbClient dynamo;
  private final String table;

  FutureSlotsUpdate(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  int carry(Venue venue, Instant after) {
    Map<String, AttributeValue> values = new HashMap<>();
    Map<String, AttributeValue> policy = new HashMap<>();
    VenueItemMapper.PolicyAttributes.write(venue.policy(), policy);
    StringBuilder set = new StringBuilder("SET venueRev = :rev");
    policy.forEach(
        (name, value) -> {
          set.append(", ").append(name).append(" = :").append(name);
          values.put(":" + name, value);
        });
    String update = withMark(set, "venueDisabled", venue.status(), values);
    int changed = 0;
    for (String resourceId : resourcesOf(venue.venueId())) {
      changed += carry(resourceId, after, update, "venueRev", venue.rev(), values);
    }
    return changed;
  }

  int carry(Resource resource, Instant after) {
    Map<String, AttributeValue> values = new HashMap<>();
    String update =
        withMark(
            new StringBuilder("SET resourceRev = :rev"),
            "resourceDisabled",
            resource.status(),
            values);
    return carry(resource.resourceId(), after, update, "resourceRev", resource.rev(), values);
  }

  private static String withMark(
      StringBuilder set, String mark, OperatingStatus status, Map<String, AttributeValue> values) {
    if (status == OperatingStatus.DISABLED) {
      values.put(":disabled", AttributeValue.fromBool(true));
      return set.append(", ").append(mark).append(" = :disabled").toString();
    }
    return set.append(" REMOVE ").append(mark).toString();
  }

  private int carry(
      String resourceId,
      Instant after,
      String update,
      String revName,
      long rev,
      Map<String, AttributeValue> values) {
    Map<String, AttributeValue> withRev = new HashMap<>(values);
    withRev.put(":rev", n(rev));
    int changed = 0;
    for (String slotId : slotsStartingAfter(resourceId, after)) {
      try {
        dynamo.updateItem(new SlotWrites(table).carryRevision(slotId, update, revName, withRev));
        changed++;
      } catch (ConditionalCheckFailedException alreadyThere) {
        // The slot holds this revision or a newer one.
      }
    }
    return changed;
  }

  private List<String> resourcesOf(String venueId) {
    return dynamo
        .queryPaginator(
            r ->
                r.tableName(table)
                    .consistentRead(true)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :resource)")
                    .expressionAttributeValues(
                        Map.of(":pk", s(Keys.venue(venueId)), ":resource", s(Keys.resource("")))))
        .items()
        .stream()
        .map(item -> Attr.str(item, "resourceId"))
        .toList();
  }

  private List<String> slotsStartingAfter(String resourceId, Instant after) {
    return dynamo
        .queryPaginator(
            r ->
                r.tableName(table)
                    .consistentRead(true)
                    .keyConditionExpression("PK = :pk AND SK BETWEEN :from AND :to")
                    .expressionAttributeValues(
                        Map.of(
                            ":pk",
                            s(Keys.resource(resourceId)),
                            ":from",
                            s(Keys.slotStart(after)),
                            ":to",
                            s(Keys.slotStart(Instant.ofEpochMilli(9_999_999_999_999L))))))
        .items()
        .stream()
        .map(item -> Attr.str(item, "slotId"))
        .toList();
  }
}
