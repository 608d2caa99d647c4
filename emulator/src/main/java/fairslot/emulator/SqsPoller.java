package fairslot.emulator;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * Plays Lambda's SQS event source mapping locally: batches of up to {@code batchSize}, the
 * handler's partial batch failures ({@code ReportBatchItemFailures}), successes deleted, failures
 * left to reappear after the visibility timeout and, after maxReceiveCount, moved to the DLQ by the
 * queue's redrive policy. FIFO groups stay blocked while a message of theirs is in flight (SQS does
 * that). Short polls only: the emulator serializes requests, so a long poll would stall it.
 */
public final class SqsPoller implements AutoCloseable {
  private final SqsClient sqs;
  private final String queueUrl;
  private final String queueArn;
  private final int batchSize;
  private final Function<SQSEvent, SQSBatchResponse> handler;
  private volatile java.util.Optional<Duration> failedVisibility = java.util.Optional.empty();
  private volatile java.util.Optional<PollLoop> loop = java.util.Optional.empty();

  public SqsPoller(
      SqsClient sqs, String queueUrl, int batchSize, Function<SQSEvent, SQSBatchResponse> handler) {
    this.sqs = sqs;
    this.queueUrl = queueUrl;
    this.queueArn =
        sqs.getQueueAttributes(r -> r.queueUrl(queueUrl).attributeNamesWithStrings("QueueArn"))
            .attributesAsStrings()
            .get("QueueArn");
    this.batchSize = batchSize;
    this.handler = handler;
  }

  /**
   * Makes failed messages visible again after {@code visibility} instead of the queue's timeout.
   * Lambda never does this; tests use it so retries and redrive to the DLQ take seconds.
   */
  public SqsPoller retryFailuresAfter(Duration visibility) {
    this.failedVisibility = java.util.Optional.of(visibility);
    return this;
  }

  /** Polls every {@code idle} while the queue is empty, and at once while it has messages. */
  public SqsPoller start(Duration idle) {
    loop = java.util.Optional.of(new PollLoop("sqs-poller", this::pollOnce, idle));
    return this;
  }

  /** One receive and one invocation; returns how many messages were received. */
  public int pollOnce() {
    List<Message> messages =
        sqs.receiveMessage(
                r ->
                    r.queueUrl(queueUrl)
                        .maxNumberOfMessages(batchSize)
                        .waitTimeSeconds(0)
                        .messageSystemAttributeNamesWithStrings("All")
                        .messageAttributeNames("All"))
            .messages();
    if (messages.isEmpty()) {
      return 0;
    }
    SQSEvent event = new SQSEvent();
    List<SQSEvent.SQSMessage> records = new ArrayList<>();
    for (Message m : messages) {
      SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
      record.setMessageId(m.messageId());
      record.setReceiptHandle(m.receiptHandle());
      record.setBody(m.body());
      record.setMd5OfBody(m.md5OfBody());
      Map<String, String> attributes = new HashMap<>();
      m.attributes().forEach((k, v) -> attributes.put(k.toString(), v));
      record.setAttributes(attributes);
      // Message attributes, as Lambda's event source mapping hands them over.
      Map<String, SQSEvent.MessageAttribute> messageAttributes = new HashMap<>();
      m.messageAttributes()
          .forEach(
              (k, v) -> {
                SQSEvent.MessageAttribute a = new SQSEvent.MessageAttribute();
                a.setDataType(v.dataType());
                a.setStringValue(v.stringValue());
                messageAttributes.put(k, a);
              });
      record.setMessageAttributes(messageAttributes);
      record.setEventSource("aws:sqs");
      record.setEventSourceArn(queueArn);
      records.add(record);
    }
    event.setRecords(records);
    Set<String> failed;
    try {
      SQSBatchResponse response = handler.apply(event);
      failed =
          response == null || response.getBatchItemFailures() == null
              ? Set.of()
              : response.getBatchItemFailures().stream()
                  .map(SQSBatchResponse.BatchItemFailure::getItemIdentifier)
                  .collect(Collectors.toSet());
    } catch (RuntimeException crash) {
      System.err.println("[sqs-poller] handler failed, whole batch will be retried: " + crash);
      failedVisibility.ifPresent(
          v ->
              messages.forEach(
                  m ->
                      sqs.changeMessageVisibility(
                          r ->
                              r.queueUrl(queueUrl)
                                  .receiptHandle(m.receiptHandle())
                                  .visibilityTimeout((int) v.toSeconds()))));
      return messages.size();
    }
    List<DeleteMessageBatchRequestEntry> done = new ArrayList<>();
    for (Message m : messages) {
      if (!failed.contains(m.messageId())) {
        done.add(
            DeleteMessageBatchRequestEntry.builder()
                .id(Integer.toString(done.size()))
                .receiptHandle(m.receiptHandle())
                .build());
      }
    }
    if (!done.isEmpty()) {
      sqs.deleteMessageBatch(r -> r.queueUrl(queueUrl).entries(done));
    }
    failedVisibility.ifPresent(
        v ->
            messages.stream()
                .filter(m -> failed.contains(m.messageId()))
                .forEach(
                    m ->
                        sqs.changeMessageVisibility(
                            r ->
                                r.queueUrl(queueUrl)
                                    .receiptHandle(m.receiptHandle())
                                    .visibilityTimeout((int) v.toSeconds()))));
    return messages.size();
  }

  /**
   * Polls until a receive comes back empty (messages waiting out a visibility timeout are not
   * waited for).
   */
  public int drain() {
    int total = 0;
    for (int n; (n = pollOnce()) > 0; ) {
      total += n;
    }
    return total;
  }

  @Override
  public void close() {
    loop.ifPresent(PollLoop::close);
  }
}
