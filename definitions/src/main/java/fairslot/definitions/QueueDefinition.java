package fairslot.definitions;

/**
 * An SQS queue and its dead-letter queue. {@code visibilityTimeoutSeconds} is at least six times
 * the consumer's timeout, as AWS recommends for Lambda event sources.
 */
public record QueueDefinition(
    String name,
    boolean fifo,
    String deadLetterName,
    int maxReceiveCount,
    int visibilityTimeoutSeconds,
    String consumerHandler,
    int batchSize) {

  public String nameWithSuffix() {
    return fifo ? name + ".fifo" : name;
  }

  public String deadLetterNameWithSuffix() {
    return fifo ? deadLetterName + ".fifo" : deadLetterName;
  }
}
