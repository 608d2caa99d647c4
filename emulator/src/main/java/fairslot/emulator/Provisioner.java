package fairslot.emulator;

import fairslot.definitions.Fairslot;
import fairslot.definitions.IndexDefinition;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.TableDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.ResourceAlreadyExistsException;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/** Creates the resources of {@link Fairslot} in the emulator (the CDK stack does it in AWS). */
public final class Provisioner {
  private Provisioner() {}

  /** Creates the table if it does not exist yet and waits until it is active. */
  public static void createTable(DynamoDbClient dynamo, String tableName) {
    TableDefinition t = Fairslot.TABLE;
    Map<String, ScalarAttributeType> attributes = new LinkedHashMap<>();
    attributes.put(t.partitionKey(), ScalarAttributeType.S);
    attributes.put(t.sortKey(), ScalarAttributeType.S);
    List<GlobalSecondaryIndex> indexes = new ArrayList<>();
    for (IndexDefinition i : t.indexes()) {
      attributes.put(i.partitionKey(), type(i.partitionKeyType()));
      attributes.put(i.sortKey(), type(i.sortKeyType()));
      indexes.add(
          GlobalSecondaryIndex.builder()
              .indexName(i.name())
              .keySchema(key(i.partitionKey(), KeyType.HASH), key(i.sortKey(), KeyType.RANGE))
              .projection(
                  Projection.builder()
                      .projectionType(ProjectionType.valueOf(i.projection().name()))
                      .build())
              .build());
    }
    try {
      dynamo.createTable(
          r ->
              r.tableName(tableName)
                  .billingMode(BillingMode.PAY_PER_REQUEST)
                  .keySchema(key(t.partitionKey(), KeyType.HASH), key(t.sortKey(), KeyType.RANGE))
                  .attributeDefinitions(
                      attributes.entrySet().stream()
                          .map(
                              e ->
                                  AttributeDefinition.builder()
                                      .attributeName(e.getKey())
                                      .attributeType(e.getValue())
                                      .build())
                          .toList())
                  .globalSecondaryIndexes(indexes)
                  .streamSpecification(
                      stream -> stream.streamEnabled(true).streamViewType(t.streamView())));
    } catch (ResourceInUseException exists) {
      return;
    }
    dynamo.waiter().waitUntilTableExists(r -> r.tableName(tableName));
    dynamo.updateTimeToLive(
        r ->
            r.tableName(tableName)
                .timeToLiveSpecification(
                    s -> s.attributeName(t.timeToLiveAttribute()).enabled(true)));
  }

  /** Creates the custom event bus if it does not exist yet. */
  /**
   * Verifies the sender identity notification e-mail goes out from (SES refuses an unverified one,
   * and so does the emulator). Verifying it again changes nothing.
   */
  public static void verifyEmailSender(
      software.amazon.awssdk.services.sesv2.SesV2Client ses, String address) {
    try {
      ses.createEmailIdentity(r -> r.emailIdentity(address));
    } catch (software.amazon.awssdk.services.sesv2.model.AlreadyExistsException verified) {
      // already there
    }
  }

  public static void createEventBus(EventBridgeClient events, String busName) {
    try {
      events.createEventBus(r -> r.name(busName));
    } catch (ResourceAlreadyExistsException exists) {
      // already there
    }
  }

  /**
   * Creates a queue of the definitions and its dead-letter queue (redrive after maxReceiveCount),
   * named {@code prefix + name}; returns the queue's URL.
   */
  public static String createQueue(SqsClient sqs, QueueDefinition queue, String prefix) {
    Map<QueueAttributeName, String> dlqAttributes = new HashMap<>();
    Map<QueueAttributeName, String> attributes = new HashMap<>();
    if (queue.fifo()) {
      dlqAttributes.put(QueueAttributeName.FIFO_QUEUE, "true");
      attributes.put(QueueAttributeName.FIFO_QUEUE, "true");
    }
    String dlqUrl =
        sqs.createQueue(
                r ->
                    r.queueName(prefix + queue.deadLetterNameWithSuffix())
                        .attributes(dlqAttributes))
            .queueUrl();
    String dlqArn =
        sqs.getQueueAttributes(r -> r.queueUrl(dlqUrl).attributeNames(QueueAttributeName.QUEUE_ARN))
            .attributes()
            .get(QueueAttributeName.QUEUE_ARN);
    attributes.put(
        QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(queue.visibilityTimeoutSeconds()));
    attributes.put(
        QueueAttributeName.REDRIVE_POLICY,
        "{\"deadLetterTargetArn\":\""
            + dlqArn
            + "\",\"maxReceiveCount\":\""
            + queue.maxReceiveCount()
            + "\"}");
    return sqs.createQueue(r -> r.queueName(prefix + queue.nameWithSuffix()).attributes(attributes))
        .queueUrl();
  }

  /**
   * The rule on {@code bus} that sends SeatReleased events to the waitlist queue at {@code
   * queueUrl}.
   */
  public static void routeSeatReleased(
      EventBridgeClient events, SqsClient sqs, String bus, String queueUrl) {
    String arn =
        sqs.getQueueAttributes(
                r -> r.queueUrl(queueUrl).attributeNames(QueueAttributeName.QUEUE_ARN))
            .attributes()
            .get(QueueAttributeName.QUEUE_ARN);
    events.putRule(
        r ->
            r.name(Fairslot.SEAT_RELEASED_RULE)
                .eventBusName(bus)
                .eventPattern(Fairslot.SEAT_RELEASED_PATTERN));
    events.putTargets(
        r ->
            r.rule(Fairslot.SEAT_RELEASED_RULE)
                .eventBusName(bus)
                .targets(t -> t.id("waitlist-queue").arn(arn)));
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static ScalarAttributeType type(IndexDefinition.AttributeType type) {
    return type == IndexDefinition.AttributeType.NUMBER
        ? ScalarAttributeType.N
        : ScalarAttributeType.S;
  }
}
