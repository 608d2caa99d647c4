package fairslot.bench;

import fairslot.definitions.Fairslot;
import fairslot.definitions.IndexDefinition;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Write units as DynamoDB would bill them, since the emulator reports none for transactions: the
 * base table (2 WCU per started KB in a transaction, 1 outside), plus every global secondary index
 * the write touches (1 per started KB of the projected item; 2 when the item's index key changes,
 * which is a delete and a put). Index membership of an updated item is read from the item as it is
 * before the write, with a client the counter does not see.
 */
final class WriteUnits {
  private static final Pattern SET_TARGET =
      Pattern.compile("(?:^|,)\\s*([#\\w]+)(?:\\.[#\\w]+)*\\s*=");

  private final DynamoDbClient uncounted;

  WriteUnits(DynamoDbClient uncounted) {
    this.uncounted = uncounted;
  }

  int of(TransactWriteItem action, boolean transactional) {
    int rate = transactional ? 2 : 1;
    if (action.put() != null) {
      Put put = action.put();
      return rate * kb(put.item()) + indexUnits(Map.of(), put.item(), true);
    }
    if (action.update() != null) {
      Update u = action.update();
      Map<String, AttributeValue> before = current(u.tableName(), u.key());
      Set<String> changed =
          changedAttributes(
              u.updateExpression(),
              u.expressionAttributeNames() == null ? Map.of() : u.expressionAttributeNames());
      return rate * Math.max(1, kb(before)) + updateIndexUnits(before, changed);
    }
    if (action.delete() != null) {
      Delete d = action.delete();
      Map<String, AttributeValue> before = current(d.tableName(), d.key());
      return rate * Math.max(1, kb(before)) + indexUnits(before, Map.of(), false);
    }
    return rate; // a condition check
  }

  /** Write units of a single-item or batch write outside a transaction; 0 for anything else. */
  int ofPlain(Object request) {
    if (request instanceof PutItemRequest p) {
      return of(
          TransactWriteItem.builder().put(b -> b.tableName(p.tableName()).item(p.item())).build(),
          false);
    }
    if (request instanceof UpdateItemRequest u) {
      return of(
          TransactWriteItem.builder()
              .update(
                  b ->
                      b.tableName(u.tableName())
                          .key(u.key())
                          .updateExpression(u.updateExpression())
                          .expressionAttributeNames(
                              u.hasExpressionAttributeNames()
                                  ? u.expressionAttributeNames()
                                  : null))
              .build(),
          false);
    }
    if (request instanceof DeleteItemRequest d) {
      return of(
          TransactWriteItem.builder().delete(b -> b.tableName(d.tableName()).key(d.key())).build(),
          false);
    }
    if (request instanceof BatchWriteItemRequest batch) {
      int units = 0;
      for (var table : batch.requestItems().entrySet()) {
        for (WriteRequest w : table.getValue()) {
          units +=
              w.putRequest() != null
                  ? ofPlain(
                      PutItemRequest.builder()
                          .tableName(table.getKey())
                          .item(w.putRequest().item())
                          .build())
                  : ofPlain(
                      DeleteItemRequest.builder()
                          .tableName(table.getKey())
                          .key(w.deleteRequest().key())
                          .build());
        }
      }
      return units;
    }
    return 0;
  }

  private Map<String, AttributeValue> current(String table, Map<String, AttributeValue> key) {
    Map<String, AttributeValue> item =
        uncounted.getItem(r -> r.tableName(table).key(key).consistentRead(true)).item();
    return item == null ? Map.of() : item;
  }

  /** Puts: every index whose keys the new item has; deletes: every index the old item is in. */
  private static int indexUnits(
      Map<String, AttributeValue> before, Map<String, AttributeValue> after, boolean put) {
    int units = 0;
    Map<String, AttributeValue> item = put ? after : before;
    for (IndexDefinition index : Fairslot.TABLE.indexes()) {
      if (in(index, item)) {
        units += index.projection() == IndexDefinition.Projection.ALL ? kb(item) : 1;
      }
    }
    return units;
  }

  private static int updateIndexUnits(Map<String, AttributeValue> before, Set<String> changed) {
    int units = 0;
    for (IndexDefinition index : Fairslot.TABLE.indexes()) {
      boolean keyChanged =
          changed.contains(index.partitionKey()) || changed.contains(index.sortKey());
      boolean member = in(index, before);
      if (keyChanged) {
        units +=
            member
                ? 2
                : 1; // moved within the index (delete + put), or added to it / removed from it
      } else if (member
          && index.projection() == IndexDefinition.Projection.ALL
          && !changed.isEmpty()) {
        units += kb(before);
      }
    }
    return units;
  }

  private static boolean in(IndexDefinition index, Map<String, AttributeValue> item) {
    return item.containsKey(index.partitionKey()) && item.containsKey(index.sortKey());
  }

  /** Top-level attributes an update expression sets, removes, adds or deletes. */
  static Set<String> changedAttributes(String expression, Map<String, String> names) {
    Set<String> changed = new HashSet<>();
    String[] clauses = expression.split("(?=\\b(SET|REMOVE|ADD|DELETE)\\b)");
    for (String clause : clauses) {
      String c = clause.strip();
      if (c.startsWith("SET")) {
        Matcher m = SET_TARGET.matcher(c.substring(3).replaceAll("\\([^)]*\\)", "()"));
        while (m.find()) {
          changed.add(names.getOrDefault(m.group(1), m.group(1)));
        }
      } else if (c.startsWith("REMOVE") || c.startsWith("ADD") || c.startsWith("DELETE")) {
        for (String part : c.replaceFirst("^\\w+", "").split(",")) {
          String name = part.strip().split("[.\\s\\[]")[0];
          if (!name.isEmpty()) {
            changed.add(names.getOrDefault(name, name));
          }
        }
      }
    }
    return changed;
  }

  /** Started kilobytes of an item: attribute names plus values (numbers and strings as text). */
  static int kb(Map<String, AttributeValue> item) {
    return (int) Math.max(1, (bytes(item) + 1023) / 1024);
  }

  /** An item's size as DynamoDB counts it, near enough: attribute names plus values. */
  static long bytes(Map<String, AttributeValue> item) {
    long bytes = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      bytes += e.getKey().getBytes(StandardCharsets.UTF_8).length + size(e.getValue());
    }
    return bytes;
  }

  private static long size(AttributeValue v) {
    if (v.s() != null) {
      return v.s().getBytes(StandardCharsets.UTF_8).length;
    }
    if (v.n() != null) {
      return v.n().length() / 2 + 1;
    }
    if (v.hasM()) {
      long bytes = 3;
      for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
        bytes += e.getKey().length() + size(e.getValue()) + 1;
      }
      return bytes;
    }
    if (v.hasL()) {
      long bytes = 3;
      for (AttributeValue e : v.l()) {
        bytes += size(e) + 1;
      }
      return bytes;
    }
    if (v.hasSs()) {
      return v.ss().stream().mapToLong(e -> e.getBytes(StandardCharsets.UTF_8).length).sum();
    }
    return 1;
  }
}
