package fairslot.definitions;

/**
 * An SQS queue and its dead-letter queue. {@code visibilityTimeoutSeconds} is at least six times
 * the consumer's timeout, as AWS recommends for Lambda event sources. {@code consumerPermissions}
 * is what the consumer's function may do.
 */
public record QueueDefinition(
    String name,
    boolean fifo,
    String deadLetterName,
    int maxReceiveCount,
    int visibilityTimeoutSeconds,
    String consumerHandler,
    int batchSize,
    Permissions consumerPermissions) {

  public String nameWithSuffix() {
    return fifo ? name + ".fifo" : name;
  }

  public String deadLetterNameWithSuffix() {
    return fifo ? deadLetterName + ".fifo" : deadLetterName;
  }
}
