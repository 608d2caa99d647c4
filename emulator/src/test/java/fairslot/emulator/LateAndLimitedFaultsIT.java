package fairslot.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * The v1.2 faults of FAIRSLOT_FAULTS (the partition ceiling, a transaction still in progress, what
 * DynamoDB shows late, batches left in part undone, FIFO dedup of batches), each proven against the
 * raw SDK (no retries: every injected fault is seen as it is).
 */
class LateAndLimitedFaultsIT {
  private static final String TABLE = "late-and-limited";
  private static Emulator emulator;
  private static EmulatorFaults faults;
  private static DynamoDbClient dynamo;
  private static DynamoDbClient raw;
  private static DynamoDbStreamsClient streams;
  private static SqsClient sqs;

  @BeforeAll
  static void start() {
    emulator = Emulator.start(0, "");
    faults = new EmulatorFaults(emulator.endpoint());
    AwsEndpoint e = emulator.endpoint();
    dynamo = e.dynamoDb();
    streams = e.dynamoDbStreams();
    sqs = e.sqs();
    raw =
        DynamoDbClient.builder()
            .endpointOverride(e.uri())
            .region(e.region())
            .credentialsProvider(e.credentials())
            .httpClient(UrlConnectionHttpClient.create())
            .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
            .build();
    Provisioner.createTable(dynamo, TABLE);
  }

  @AfterAll
  static void stop() {
    emulator.close();
  }

  @AfterEach
  void faultsOff() {
    faults.set("");
  }

  private static Map<String, AttributeValue> key(String pk, String sk) {
    return Map.of("PK", fromS(pk), "SK", fromS(sk));
  }

  private static void put(String pk, String sk, Map<String, AttributeValue> more) {
    Map<String, AttributeValue> item = new HashMap<>(key(pk, sk));
    item.putAll(more);
    dynamo.putItem(r -> r.tableName(TABLE).item(item));
  }

  @Test
  void aHotPartitionRefusesWritesBeyondItsUnitsASecondAndTransactionsSayThrottlingError() {
    String slot = "hot-" + UUID.randomUUID();
    put(slot, "X", Map.of("remaining", fromN("1000")));
    faults.set("partition_wcu=10");
    faults.freezeClock(); // one second for the whole burst, however long this machine takes
    int accepted = 0;
    List<String> refusals = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      try {
        // two units a transaction (transactional writes cost double), so five fit in ten units
        raw.transactWriteItems(r -> r.transactItems(SeatItems.takeOne(TABLE, slot)));
        accepted++;
      } catch (TransactionCanceledException e) {
        refusals.add(e.cancellationReasons().get(0).code());
      }
    }
    assertThat(accepted).isEqualTo(5);
    assertThat(refusals).hasSize(7).containsOnly("ThrottlingError");
    assertThatThrownBy(
            () ->
                raw.putItem(
                    r -> r.tableName(TABLE).item(Map.of("PK", fromS(slot), "SK", fromS("guard")))))
        .isInstanceOf(ProvisionedThroughputExceededException.class);
    assertThat(faults.injected()).containsEntry("partition", 8L);
    faults.advanceClock(Duration.ofSeconds(1));
    raw.putItem(r -> r.tableName(TABLE).item(Map.of("PK", fromS(slot), "SK", fromS("guard"))));
    assertThat(faults.injected())
        .as("the next second has its own units")
        .containsEntry("partition", 8L);
  }

  @Test
  void anotherPartitionKeepsItsOwnUnits() {
    String hot = "hot-" + UUID.randomUUID();
    String cold = "cold-" + UUID.randomUUID();
    faults.set("partition_wcu=1");
    faults.freezeClock();
    raw.putItem(r -> r.tableName(TABLE).item(key(hot, "1")));
    raw.putItem(r -> r.tableName(TABLE).item(key(cold, "1")));
    boolean refused;
    try {
      raw.putItem(r -> r.tableName(TABLE).item(key(hot, "2")));
      refused = false;
    } catch (ProvisionedThroughputExceededException e) {
      refused = true;
    }
    assertThat(refused).as("the hot partition's one unit was spent this second").isTrue();
    assertThat(faults.injected()).containsEntry("partition", 1L);
  }

  @Test
  void theReportNamesTheHottestPartitionWithTheUnitsItTook() {
    String hot = "hottest-" + UUID.randomUUID();
    String cold = "coldest-" + UUID.randomUUID();
    faults.set("partition_wcu=100000");
    raw.putItem(r -> r.tableName(TABLE).item(key(hot, "1")));
    raw.putItem(r -> r.tableName(TABLE).item(key(cold, "1")));
    // a transaction's writes cost twice: two small items of one partition take 4 units
    raw.transactWriteItems(
        r ->
            r.transactItems(
                t -> t.put(p -> p.tableName(TABLE).item(key(hot, "2"))),
                t -> t.put(p -> p.tableName(TABLE).item(key(hot, "3")))));

    EmulatorFaults.Hottest hottest = faults.hottestPartition().orElseThrow();

    assertThat(hottest.key()).contains(hot);
    assertThat(hottest.writeUnits()).isEqualTo(5.0);
    assertThat(hottest.peakWriteUnitsPerSecond()).isBetween(1.0, 5.0);
  }

  @Test
  void unitsAreChargedByDynamoDbsItemSizeNotByTheItemsJson() {
    String hot = "sized-" + UUID.randomUUID();
    Map<String, AttributeValue> item = new HashMap<>(key(hot, "1"));
    for (int i = 0; i < 40; i++) {
      item.put(String.format("a%02d", i), fromS("x".repeat(15)));
    }
    // about 800 bytes by DynamoDB's rule (names and values), about 1,250 characters as JSON
    faults.set("partition_wcu=100000");
    raw.transactWriteItems(r -> r.transactItems(t -> t.put(p -> p.tableName(TABLE).item(item))));

    assertThat(faults.hottestPartition().orElseThrow().writeUnits())
        .as("one started KB, twice in a transaction")
        .isEqualTo(2.0);
  }

  @Test
  void withoutACeilingTheReportNamesNoPartition() {
    faults.set("conflict_ms=1");
    raw.putItem(r -> r.tableName(TABLE).item(key("plain-" + UUID.randomUUID(), "1")));

    assertThat(faults.hottestPartition()).isEmpty();
  }

  @Test
  void aRetryWithTheSameTokenWhileTheFirstIsStillBeingAppliedIsInProgress() throws Exception {
    String slot = "token-" + UUID.randomUUID();
    put(slot, "X", Map.of("remaining", fromN("10")));
    faults.set("lost_response=1,in_progress,seed=9");
    faults.freezeClock(); // the retry lands inside the first call's window, however slow we are
    TransactWriteItemsRequest request =
        TransactWriteItemsRequest.builder()
            .clientRequestToken(UUID.randomUUID().toString())
            .transactItems(SeatItems.takeOne(TABLE, slot))
            .build();
    assertThatThrownBy(() -> raw.transactWriteItems(request))
        .isInstanceOf(SdkClientException.class);
    assertThatThrownBy(() -> raw.transactWriteItems(request))
        .isInstanceOf(TransactionInProgressException.class);
    assertThat(faults.injected()).containsEntry("in_progress", 1L);
    faults.advanceClock(Duration.ofMillis(150));
    faults.set("");
    raw.transactWriteItems(request); // answered from the token: applied once
    assertThat(
            dynamo
                .getItem(r -> r.tableName(TABLE).key(key(slot, "X")).consistentRead(true))
                .item()
                .get("remaining")
                .n())
        .isEqualTo("9");
  }

  @Test
  void anIndexQueryShowsAnItemJustWrittenAsItWasBefore() throws Exception {
    String shard = "lag-" + UUID.randomUUID();
    Map<String, AttributeValue> due = Map.of("holdDueShard", fromS(shard), "holdDueAt", fromN("5"));
    put("b1", "BOOKING", due);
    faults.set("index_lag_ms=300");
    faults.freezeClock();
    put("b2", "BOOKING", due); // new: not in the index yet
    dynamo.updateItem(
        r ->
            r.tableName(TABLE)
                .key(key("b1", "BOOKING"))
                .updateExpression("SET note = :n")
                .expressionAttributeValues(Map.of(":n", fromS("changed"))));

    List<Map<String, AttributeValue>> seen = queryDue(shard);
    assertThat(seen).extracting(i -> i.get("PK").s()).containsExactly("b1");
    assertThat(seen.get(0)).as("the old version").doesNotContainKey("note");

    faults.advanceClock(Duration.ofMillis(350));
    assertThat(queryDue(shard))
        .extracting(i -> i.get("PK").s())
        .containsExactlyInAnyOrder("b1", "b2");
  }

  private static List<Map<String, AttributeValue>> queryDue(String shard) {
    return dynamo
        .query(
            q ->
                q.tableName(TABLE)
                    .indexName(fairslot.definitions.Fairslot.HOLDS_DUE)
                    .keyConditionExpression("holdDueShard = :s")
                    .expressionAttributeValues(Map.of(":s", fromS(shard))))
        .items();
  }

  @Test
  void anEventuallyConsistentReadMaySeeThePreviousVersionAConsistentOneNever() {
    String pk = "ev-" + UUID.randomUUID();
    put(pk, "X", Map.of("v", fromN("1")));
    faults.set("eventual_reads=1");
    put(pk, "X", Map.of("v", fromN("2")));
    assertThat(dynamo.getItem(r -> r.tableName(TABLE).key(key(pk, "X"))).item().get("v").n())
        .isEqualTo("1");
    assertThat(
            dynamo
                .getItem(r -> r.tableName(TABLE).key(key(pk, "X")).consistentRead(true))
                .item()
                .get("v")
                .n())
        .isEqualTo("2");
  }

  @Test
  void streamRecordsArriveLateAndABatchMayComeTwice() throws Exception {
    String table = "stream-" + UUID.randomUUID().toString().substring(0, 8);
    Provisioner.createTable(dynamo, table);
    String arn = dynamo.describeTable(r -> r.tableName(table)).table().latestStreamArn();
    String shardId =
        streams.describeStream(r -> r.streamArn(arn)).streamDescription().shards().get(0).shardId();
    String iterator =
        streams
            .getShardIterator(
                r ->
                    r.streamArn(arn)
                        .shardId(shardId)
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();
    faults.set("stream_delay_ms=300,stream_dup=1");
    faults.freezeClock();
    dynamo.putItem(r -> r.tableName(table).item(key("s", "1")));

    var early = streams.getRecords(r -> r.shardIterator(iterator));
    assertThat(early.records()).as("too soon").isEmpty();
    // past the delay on the emulator's clock, and past any time this machine took to write it
    faults.advanceClock(Duration.ofSeconds(60));
    var first = streams.getRecords(r -> r.shardIterator(early.nextShardIterator()));
    var again = streams.getRecords(r -> r.shardIterator(first.nextShardIterator()));
    assertThat(first.records()).hasSize(1);
    assertThat(again.records())
        .extracting(rec -> rec.eventID())
        .containsExactly(first.records().get(0).eventID());
  }

  @Test
  void aBatchLeavesSomeKeysAndItemsUnprocessedAndSaysWhich() {
    String pk = "batch-" + UUID.randomUUID();
    faults.set("unprocessed=0.5,seed=11");
    List<WriteRequest> writes = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      writes.add(
          WriteRequest.builder()
              .putRequest(PutRequest.builder().item(key(pk, "" + i)).build())
              .build());
    }
    var written = raw.batchWriteItem(r -> r.requestItems(Map.of(TABLE, writes)));
    int left = written.unprocessedItems().getOrDefault(TABLE, List.of()).size();
    assertThat(left).isBetween(1, 19);

    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      keys.add(key(pk, "" + i));
    }
    var read =
        raw.batchGetItem(
            r ->
                r.requestItems(
                    Map.of(
                        TABLE,
                        KeysAndAttributes.builder().keys(keys).consistentRead(true).build())));
    int found = read.responses().getOrDefault(TABLE, List.of()).size();
    int unread =
        read.unprocessedKeys().containsKey(TABLE)
            ? read.unprocessedKeys().get(TABLE).keys().size()
            : 0;
    assertThat(unread).isPositive();
    assertThat(found + unread)
        .as("every key answered or named unprocessed")
        .isLessThanOrEqualTo(20);
    assertThat(found).isLessThanOrEqualTo(20 - left);
  }

  @Test
  void aFifoQueueDeduplicatesTheEntriesOfABatch() {
    String queue =
        sqs.createQueue(
                r ->
                    r.queueName("batch-" + UUID.randomUUID() + ".fifo")
                        .attributesWithStrings(Map.of("FifoQueue", "true")))
            .queueUrl();
    SendMessageBatchRequestEntry one =
        SendMessageBatchRequestEntry.builder()
            .id("a")
            .messageBody("one")
            .messageGroupId("g")
            .messageDeduplicationId("d-1")
            .build();
    SendMessageBatchRequestEntry two =
        SendMessageBatchRequestEntry.builder()
            .id("b")
            .messageBody("two")
            .messageGroupId("g")
            .messageDeduplicationId("d-2")
            .build();
    sqs.sendMessageBatch(r -> r.queueUrl(queue).entries(one));
    var got = sqs.receiveMessage(r -> r.queueUrl(queue).maxNumberOfMessages(10)).messages();
    sqs.deleteMessage(r -> r.queueUrl(queue).receiptHandle(got.get(0).receiptHandle()));

    var answer = sqs.sendMessageBatch(r -> r.queueUrl(queue).entries(one, two));
    assertThat(answer.successful()).extracting(s -> s.id()).containsExactlyInAnyOrder("a", "b");
    assertThat(sqs.receiveMessage(r -> r.queueUrl(queue).maxNumberOfMessages(10)).messages())
        .extracting(m -> m.body())
        .containsExactly("two");
  }
}
