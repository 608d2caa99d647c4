package fairslot.aws;

import fairslot.kernel.Unavailable;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Makes a failure {@link AwsRetries} calls transient leave an SDK call as {@link Unavailable}, one
 * type the services, jobs, consumers and HTTP entry point all understand.
 *
 * <p>The wrappers are written by hand over the operations fairslot calls ({@link
 * ResilientDynamoDb}, {@link ResilientSqs}; ResilientClientsTest fails when code calls one they do
 * not cover). A dynamic proxy did the same in one class but resolved every operation's request and
 * response classes when it was built: about a thousand classes and 190–300 ms of every cold start
 * (docs/performance.md).
 */
public final class Resilient {
  private Resilient() {}

  public static DynamoDbClient dynamo(DynamoDbClient client) {
    return client instanceof ResilientDynamoDb ? client : new ResilientDynamoDb(client);
  }

  public static SqsClient sqs(SqsClient client) {
    return client instanceof ResilientSqs ? client : new ResilientSqs(client);
  }

  /** Runs one SDK call, turning what is left transient after the retries into Unavailable. */
  static <T> T call(String operation, Supplier<T> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      if (AwsRetries.isTransient(e)) {
        throw new Unavailable(
            operation + " failed after " + AwsRetries.MAX_ATTEMPTS + " attempts: " + e.getMessage(),
            e);
      }
      throw e;
    }
  }
}
