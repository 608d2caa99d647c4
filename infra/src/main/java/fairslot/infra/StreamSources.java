package fairslot.infra;

import fairslot.definitions.Fairslot;
import fairslot.definitions.StreamConsumerDefinition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.FilterCriteria;
import software.amazon.awscdk.services.lambda.FilterRule;
import software.amazon.awscdk.services.lambda.StartingPosition;
import software.amazon.awscdk.services.lambda.eventsources.DynamoEventSource;
import software.amazon.awscdk.services.lambda.eventsources.DynamoEventSourceProps;
import software.amazon.awscdk.services.lambda.eventsources.SqsDlq;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;
import software.constructs.Construct;

/**
 * A table-stream consumer's event source: from the stream's start, filtered to the records the
 * definition names (the filter CDK builds equals {@link StreamConsumerDefinition#filterPattern()}),
 * failed batches reported per item, what is given up on sent to its failures queue, and an alarm on
 * that queue.
 */
final class StreamSources {
  private StreamSources() {}

  static void attach(
      Construct scope, Table table, Alarms alarms, Alias live, StreamConsumerDefinition c) {
    Queue failures =
        Queue.Builder.create(scope, ConstructIds.pascal(c.name()) + "Failures")
            .queueName(c.failureQueueName())
            .encryption(QueueEncryption.SQS_MANAGED)
            .retentionPeriod(Duration.days(14))
            .build();
    live.addEventSource(
        new DynamoEventSource(
            table,
            DynamoEventSourceProps.builder()
                .startingPosition(StartingPosition.TRIM_HORIZON)
                .batchSize(c.batchSize())
                .parallelizationFactor(1)
                .retryAttempts(c.maxRetries())
                .bisectBatchOnError(false)
                .reportBatchItemFailures(true)
                .filters(List.of(FilterCriteria.filter(filterOf(c))))
                .onFailure(new SqsDlq(failures))
                .build()));
    alarms.whenAny(
        ConstructIds.pascal(c.name()) + "FailuresNotEmpty",
        "stream records " + c.name() + " gave up on: see docs/operations.md",
        failures.metricApproximateNumberOfMessagesVisible());
  }

  /**
   * The consumer's filter as CDK builds it; equal to {@link
   * StreamConsumerDefinition#filterPattern()}.
   */
  private static Map<String, Object> filterOf(StreamConsumerDefinition c) {
    Map<String, Object> filter = new LinkedHashMap<>();
    filter.put("eventName", FilterRule.or(c.eventNames().toArray(String[]::new)));
    filter.put(
        "dynamodb",
        Map.of(
            "Keys",
            Map.of(
                Fairslot.TABLE.sortKey(),
                Map.of("S", FilterRule.or(c.sortKeys().toArray(String[]::new))))));
    return filter;
  }
}
