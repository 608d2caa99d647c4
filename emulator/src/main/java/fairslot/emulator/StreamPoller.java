package fairslot.emulator;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import fairslot.definitions.StreamConsumerDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Plays Lambda's DynamoDB event source mapping locally: reads the table's stream from its oldest
 * record, keeps the records the consumer's filter selects (the same filter the CDK stack gives
 * Lambda), hands them over in order in batches of the consumer's size as Lambda's own
 * DynamodbEvent, and on a reported failure retries from the failed record, up to the consumer's
 * retry limit, after which the record is skipped with a log line (Lambda would send it to the
 * on-failure destination).
 *
 * <p>Each shard is read on its own; a table's stream in the emulator has one. (Against AWS a stream
 * splits shards over time, and parent shards should be read before their children; the local
 * runtime does not follow that lineage.)
 */
public final class StreamPoller implements AutoCloseable {
  private final DynamoDbStreamsClient streams;
  private final String streamArn;
  private final StreamConsumerDefinition consumer;
  private final Function<DynamodbEvent, StreamsEventResponse> handler;
  private final Map<String, Position> positions = new HashMap<>();
  private volatile java.util.Optional<PollLoop> loop = java.util.Optional.empty();

  /** Where a shard is read from: after the last record handed over (or from its start). */
  private static final class Position {
    Optional<String> after = Optional.empty();
    Optional<String> iterator = Optional.empty();
    Optional<String> failedAt = Optional.empty();
    int failures;
    int unreadable;
  }

  public StreamPoller(
      DynamoDbClient dynamo,
      DynamoDbStreamsClient streams,
      String table,
      StreamConsumerDefinition consumer,
      Function<DynamodbEvent, StreamsEventResponse> handler) {
    this.streams = streams;
    this.streamArn = dynamo.describeTable(r -> r.tableName(table)).table().latestStreamArn();
    this.consumer = consumer;
    this.handler = handler;
  }

  public StreamPoller start(Duration idle) {
    loop = java.util.Optional.of(new PollLoop("stream-poller", this::pollOnce, idle));
    return this;
  }

  /** Reads every shard once; returns how many records were read (filtered or not). */
  public synchronized int pollOnce() {
    int read = 0;
    for (Shard shard :
        streams.describeStream(r -> r.streamArn(streamArn)).streamDescription().shards()) {
      read +=
          pollShard(
              shard.shardId(), positions.computeIfAbsent(shard.shardId(), id -> new Position()));
    }
    return read;
  }

  /** Polls until a read returns nothing: every record written so far has been handled. */
  public int drain() {
    int total = 0;
    for (int n; (n = pollOnce()) > 0; ) {
      total += n;
    }
    return total;
  }

  private int pollShard(String shardId, Position at) {
    if (at.iterator.isEmpty()) {
      at.iterator = Optional.of(iterator(shardId, at.after));
    }
    software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse page;
    try {
      page = streams.getRecords(r -> r.shardIterator(at.iterator.get()).limit(1000));
      at.unreadable = 0;
    } catch (RuntimeException e) {
      // A fresh iterator from the last position next time; if that position keeps failing it has
      // left the stream's retention, and reading resumes at the oldest record there is.
      at.iterator = Optional.empty();
      if (++at.unreadable >= 3) {
        System.err.println(
            "[stream-poller] cannot read after "
                + at.after.orElse("the start")
                + " ("
                + e
                + "); resuming from the oldest record kept");
        at.after = Optional.empty();
        at.unreadable = 0;
      }
      throw e;
    }
    at.iterator = Optional.ofNullable(page.nextShardIterator());
    List<Record> selected = new ArrayList<>();
    for (Record record : page.records()) {
      if (selects(record)) {
        selected.add(record);
      }
    }
    for (int from = 0; from < selected.size(); from += consumer.batchSize()) {
      List<Record> batch =
          selected.subList(from, Math.min(selected.size(), from + consumer.batchSize()));
      Optional<String> failed = invoke(batch);
      if (failed.isPresent()) {
        String sequence = failed.get();
        at.failures = sequence.equals(at.failedAt.orElse("")) ? at.failures + 1 : 1;
        at.failedAt = Optional.of(sequence);
        if (at.failures <= consumer.maxRetries()) {
          // Read again from the failed record on the next poll.
          at.after = previous(page.records(), sequence).or(() -> at.after);
          at.iterator = Optional.empty();
          return page.records().size();
        }
        System.err.println(
            "[stream-poller] "
                + consumer.name()
                + " gave up on record "
                + sequence
                + " after "
                + consumer.maxRetries()
                + " retries; skipped");
        at.after = Optional.of(sequence);
        at.failures = 0;
        at.failedAt = Optional.empty();
        at.iterator = Optional.empty();
        return page.records().size();
      }
    }
    if (!page.records().isEmpty()) {
      at.after =
          Optional.of(page.records().get(page.records().size() - 1).dynamodb().sequenceNumber());
    }
    return page.records().size();
  }

  /** The sequence number of the record before {@code sequence} in what was read, if any. */
  private static Optional<String> previous(List<Record> read, String sequence) {
    Optional<String> before = Optional.empty();
    for (Record r : read) {
      if (r.dynamodb().sequenceNumber().equals(sequence)) {
        return before;
      }
      before = Optional.of(r.dynamodb().sequenceNumber());
    }
    return before;
  }

  private String iterator(String shardId, Optional<String> after) {
    return streams
        .getShardIterator(
            r -> {
              r.streamArn(streamArn).shardId(shardId);
              after.ifPresentOrElse(
                  seq ->
                      r.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER)
                          .sequenceNumber(seq),
                  () -> r.shardIteratorType(ShardIteratorType.TRIM_HORIZON));
            })
        .shardIterator();
  }

  private boolean selects(Record record) {
    AttributeValue sortKey =
        record.dynamodb().keys().get(fairslot.definitions.Fairslot.TABLE.sortKey());
    return sortKey != null && consumer.selects(sortKey.s(), record.eventNameAsString());
  }

  /** Hands the batch over; returns the first failed record's sequence number, if any. */
  private Optional<String> invoke(List<Record> batch) {
    DynamodbEvent event = new DynamodbEvent();
    List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>();
    for (Record r : batch) {
      records.add(LambdaStreamRecords.of(r, streamArn));
    }
    event.setRecords(records);
    try {
      StreamsEventResponse response = handler.apply(event);
      if (response == null
          || response.getBatchItemFailures() == null
          || response.getBatchItemFailures().isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(response.getBatchItemFailures().get(0).getItemIdentifier());
    } catch (RuntimeException crash) {
      System.err.println("[stream-poller] handler failed, the batch will be retried: " + crash);
      return Optional.of(batch.get(0).dynamodb().sequenceNumber());
    }
  }

  @Override
  public void close() {
    loop.ifPresent(PollLoop::close);
  }
}
