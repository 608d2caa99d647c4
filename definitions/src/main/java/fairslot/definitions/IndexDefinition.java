package fairslot.definitions;

/** A global secondary index, projecting all attributes. */
public record IndexDefinition(
    String name, String partitionKey, AttributeType partitionKeyType, String sortKey, AttributeType sortKeyType) {

  public enum AttributeType { STRING, NUMBER }
}
