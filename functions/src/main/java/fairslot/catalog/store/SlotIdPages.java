package fairslot.catalog.store;

import static fairslot.table.Attr.s;

import fairslot.definitions.Fairslot;
import fairslot.kernel.Page;
import fairslot.table.Attr;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Every slot's id, a page at a time, shard after shard of the slotsByStart index (reconcile walks
 * them): no table scan.
 */
final class SlotIdPages {
  private SlotIdPages() {}

  static Page<String> page(
      DynamoDbClient dynamo, String table, Optional<String> cursor, int limit) {
    // The cursor is the index's LastEvaluatedKey, or just {slotShard} to start a shard from its
    // top.
    Optional<Map<String, AttributeValue>> from = Cursors.startKey(cursor, Fairslot.SLOTS_BY_START);
    int shard =
        from.map(k -> Integer.parseInt(Attr.str(k, "slotShard").substring("SLOTS#".length())))
            .orElse(0);
    Map<String, AttributeValue> start = from.filter(k -> k.containsKey(Keys.PK)).orElse(null);
    List<String> ids = new ArrayList<>();
    while (true) {
      QueryRequest.Builder query =
          QueryRequest.builder()
              .tableName(table)
              .indexName(Fairslot.SLOTS_BY_START)
              .keyConditionExpression("slotShard = :shard")
              .expressionAttributeValues(Map.of(":shard", s(Keys.shard("SLOTS", shard))))
              .limit(limit - ids.size());
      if (start != null) {
        query.exclusiveStartKey(start);
      }
      QueryResponse response = dynamo.query(query.build());
      response.items().forEach(i -> ids.add(Attr.str(i, Keys.PK).substring("SLOT#".length())));
      if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
        start = response.lastEvaluatedKey();
        if (ids.size() >= limit) {
          return new Page<>(ids, Cursors.encode(Fairslot.SLOTS_BY_START, start));
        }
        continue;
      }
      shard++;
      start = null;
      if (shard >= Keys.SHARDS) {
        return new Page<>(ids, Optional.empty());
      }
      if (ids.size() >= limit) {
        return new Page<>(
            ids,
            Cursors.encode(
                Fairslot.SLOTS_BY_START, Map.of("slotShard", s(Keys.shard("SLOTS", shard)))));
      }
    }
  }
}
