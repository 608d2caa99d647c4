package fairslot.catalog.store;

import fairslot.catalog.domain.Slot;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Which of some slots have their space taken through a counterpart (combined resources), read in
 * batches of the counterparts' counters: what a member is shown, never what a take decides by (its
 * own conditions do).
 */
final class CounterpartReads {
  private static final int BATCH = 100;
  private static final int MAX_ROUNDS = 10;

  private final DynamoDbClient dynamo;
  private final String table;

  CounterpartReads(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  Set<String> spaceTaken(Collection<Slot> slots) {
    Set<String> wanted = new TreeSet<>();
    slots.forEach(s -> wanted.addAll(s.rules().counterparts()));
    if (wanted.isEmpty()) {
      return Set.of();
    }
    Set<String> occupied = new HashSet<>();
    List<String> ids = new ArrayList<>(wanted);
    for (int from = 0; from < ids.size(); from += BATCH) {
      List<Map<String, AttributeValue>> keys =
          ids.subList(from, Math.min(ids.size(), from + BATCH)).stream()
              .map(id -> Attr.key(Keys.slot(id), "SLOT"))
              .toList();
      Map<String, KeysAndAttributes> ask =
          Map.of(
              table,
              KeysAndAttributes.builder()
                  .keys(keys)
                  .projectionExpression("PK, #status, remaining, #capacity, forWaitlist")
                  .expressionAttributeNames(Map.of("#status", "status", "#capacity", "capacity"))
                  .build());
      for (int round = 0; round < MAX_ROUNDS && !ask.isEmpty(); round++) {
        Map<String, KeysAndAttributes> asked = ask;
        BatchGetItemResponse read = dynamo.batchGetItem(r -> r.requestItems(asked));
        for (Map<String, AttributeValue> item : read.responses().getOrDefault(table, List.of())) {
          if (CounterpartLinks.occupied(item)) {
            occupied.add(Attr.str(item, Keys.PK).substring("SLOT#".length()));
          }
        }
        ask = read.hasUnprocessedKeys() ? new HashMap<>(read.unprocessedKeys()) : Map.of();
      }
    }
    Set<String> taken = new TreeSet<>();
    for (Slot s : slots) {
      if (s.rules().counterparts().stream().anyMatch(occupied::contains)) {
        taken.add(s.slotId());
      }
    }
    return taken;
  }
}
