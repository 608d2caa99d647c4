package fairslot.table;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The jobs' sparse indexes: items carry {@code <family>#0..3} in a shard attribute and a due time
 * while they need attention. One query per shard for "due at or before t" reads only such items.
 */
public final class ShardedIndex {
  private final DynamoDbClient dynamo;
  private final String table;
  private final String index;
  private final String family;
  private final String shardAttribute;
  private final String dueAttribute;

  public ShardedIndex(
      DynamoDbClient dynamo,
      String table,
      String index,
      String family,
      String shardAttribute,
      String dueAttribute) {
    this.dynamo = dynamo;
    this.table = table;
    this.index = index;
    this.family = family;
    this.shardAttribute = shardAttribute;
    this.dueAttribute = dueAttribute;
  }

  /**
   * Items due at or before {@code by}, at most {@code limit}; {@code read} collects the items the
   * queries read.
   */
  public Due dueBy(Instant by, int limit) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    int read = 0;
    for (int shard = 0; shard < Keys.SHARDS && items.size() < limit; shard++) {
      read +=
          pages(
              shardAttribute + " = :shard AND " + dueAttribute + " <= :by",
              Map.of(":shard", s(Keys.shard(family, shard)), ":by", millis(by)),
              items,
              limit);
    }
    return new Due(items, read);
  }

  /** Every item whose time is at or after {@code from} and before {@code to}, of every shard. */
  public List<Map<String, AttributeValue>> between(Instant from, Instant to) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (int shard = 0; shard < Keys.SHARDS; shard++) {
      pages(
          shardAttribute + " = :shard AND " + dueAttribute + " BETWEEN :from AND :to",
          Map.of(
              ":shard",
              s(Keys.shard(family, shard)),
              ":from",
              millis(from),
              ":to",
              millis(to.minusMillis(1))),
          items,
          Integer.MAX_VALUE);
    }
    return items;
  }

  /**
   * One shard's query, page after page, into {@code items} until it has {@code limit}; answers how
   * many items the queries read.
   */
  private int pages(
      String condition,
      Map<String, AttributeValue> values,
      List<Map<String, AttributeValue>> items,
      int limit) {
    int read = 0;
    Map<String, AttributeValue> start = null;
    do {
      QueryRequest.Builder q =
          QueryRequest.builder()
              .tableName(table)
              .indexName(index)
              .keyConditionExpression(condition)
              .expressionAttributeValues(values);
      if (limit != Integer.MAX_VALUE) {
        q.limit(limit - items.size());
      }
      if (start != null) {
        q.exclusiveStartKey(start);
      }
      QueryResponse response = dynamo.query(q.build());
      read += response.scannedCount();
      items.addAll(response.items());
      start =
          response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
              ? response.lastEvaluatedKey()
              : null;
    } while (start != null && items.size() < limit);
    return read;
  }

  public record Due(List<Map<String, AttributeValue>> items, int itemsRead) {}
}
