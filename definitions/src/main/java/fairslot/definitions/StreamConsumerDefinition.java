package fairslot.definitions;

/**
 * A consumer of the table's stream (NEW_AND_OLD_IMAGES). {@code sortKeys} and {@code eventNames}
 * are its filter: only records of items with one of those sort keys and those kinds of change reach
 * it (Lambda event filtering in AWS; the local poller applies the same filter), so the function is
 * not invoked for the many other writes. {@code handler} is the Lambda handler class, a name only;
 * {@code permissions} what its function may do.
 */
public record StreamConsumerDefinition(
    String name,
    String handler,
    java.util.List<String> sortKeys,
    java.util.List<String> eventNames,
    int batchSize,
    int maxRetries,
    Permissions permissions) {

  public StreamConsumerDefinition {
    sortKeys = java.util.List.copyOf(sortKeys);
    eventNames = java.util.List.copyOf(eventNames);
  }

  /** A consumer of one kind of change of one kind of item. */
  public StreamConsumerDefinition(
      String name,
      String handler,
      String sortKey,
      String eventName,
      int batchSize,
      int maxRetries,
      Permissions permissions) {
    this(
        name,
        handler,
        java.util.List.of(sortKey),
        java.util.List.of(eventName),
        batchSize,
        maxRetries,
        permissions);
  }

  /** Whether a record of an item with this sort key and change passes the filter. */
  public boolean selects(String sortKey, String changeName) {
    return eventNames.contains(changeName) && sortKeys.contains(sortKey);
  }

  /** Where AWS sends (as metadata) the records the consumer still failed after its retries. */
  public String failureQueueName() {
    return "fairslot-" + name + "-failures";
  }

  /** The Lambda event filter pattern for this consumer's records. */
  public String filterPattern() {
    return "{\"eventName\":[\""
        + String.join("\",\"", eventNames)
        + "\"],\"dynamodb\":{\"Keys\":{\""
        + Fairslot.TABLE.sortKey()
        + "\":{\"S\":[\""
        + String.join("\",\"", sortKeys)
        + "\"]}}}}";
  }
}
