package fairslot.definitions;

import java.util.List;

/**
 * The single DynamoDB table. Key attributes are strings; index sort keys may be numbers. See
 * docs/data-model.md for the item types and access patterns behind each index. {@code streamView}
 * is the table stream's view type (every write's old and new item, for the stream consumers).
 */
public record TableDefinition(
    String defaultName,
    String partitionKey,
    String sortKey,
    String timeToLiveAttribute,
    String streamView,
    List<IndexDefinition> indexes) {

  public IndexDefinition index(String name) {
    return indexes.stream()
        .filter(i -> i.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no index " + name));
  }
}
