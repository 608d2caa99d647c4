package fairslot.definitions;

/**
 * A global secondary index. Most project all attributes; a KEYS_ONLY index is for walks that need
 * only the ids and must not be rewritten every time a projected attribute (such as a slot's {@code
 * remaining}) changes.
 */
public record IndexDefinition(
    String name,
    String partitionKey,
    AttributeType partitionKeyType,
    String sortKey,
    AttributeType sortKeyType,
    Projection projection) {

  public enum AttributeType {
    STRING,
    NUMBER
  }

  public enum Projection {
    ALL,
    KEYS_ONLY
  }

  public IndexDefinition(
      String name,
      String partitionKey,
      AttributeType partitionKeyType,
      String sortKey,
      AttributeType sortKeyType) {
    this(name, partitionKey, partitionKeyType, sortKey, sortKeyType, Projection.ALL);
  }
}
