package fairslot.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The launcher's two promises: conditional writes do not race, and transactions stay
 * all-or-nothing.
 */
class SerializedEmulatorIT {
  private static Emulator emulator;
  private static DynamoDbClient dynamo;
  private static final String TABLE = "launcher";

  @BeforeAll
  static void start() {
    emulator = Emulator.start();
    dynamo = emulator.endpoint().dynamoDb();
    Provisioner.createTable(dynamo, TABLE);
  }

  @AfterAll
  static void stop() {
    dynamo.close();
    emulator.close();
  }

  private static Map<String, AttributeValue> key(String pk) {
    return SeatItems.key(pk);
  }

  private static TransactWriteItem takeOne(String pk) {
    return SeatItems.takeOne(TABLE, pk);
  }

  @Test
  void twoHundredConcurrentConditionalTransactionsOnTenSeatsGrantExactlyTen() throws Exception {
    dynamo.putItem(
        r ->
            r.tableName(TABLE)
                .item(
                    Map.of(
                        "PK",
                        AttributeValue.fromS("seats"),
                        "SK",
                        AttributeValue.fromS("X"),
                        "remaining",
                        AttributeValue.fromN("10"))));
    ExecutorService pool = Executors.newFixedThreadPool(200);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Boolean>> attempts = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      attempts.add(
          pool.submit(
              () -> {
                go.await();
                try {
                  dynamo.transactWriteItems(r -> r.transactItems(takeOne("seats")));
                  return true;
                } catch (TransactionCanceledException soldOut) {
                  return false;
                }
              }));
    }
    go.countDown();
    int granted = 0;
    for (Future<Boolean> f : attempts) {
      granted += f.get() ? 1 : 0;
    }
    pool.shutdown();

    assertThat(granted).isEqualTo(10);
    assertThat(
            dynamo.getItem(r -> r.tableName(TABLE).key(key("seats"))).item().get("remaining").n())
        .isEqualTo("0");
  }

  @Test
  void aTransactionWhoseLastConditionFailsLeavesEarlierActionsUndone() {
    dynamo.putItem(
        r ->
            r.tableName(TABLE)
                .item(
                    Map.of(
                        "PK",
                        AttributeValue.fromS("empty"),
                        "SK",
                        AttributeValue.fromS("X"),
                        "remaining",
                        AttributeValue.fromN("0"))));
    dynamo.putItem(
        r ->
            r.tableName(TABLE)
                .item(
                    Map.of(
                        "PK",
                        AttributeValue.fromS("existing"),
                        "SK",
                        AttributeValue.fromS("X"),
                        "v",
                        AttributeValue.fromS("before"))));

    assertThatThrownBy(
            () ->
                dynamo.transactWriteItems(
                    r ->
                        r.transactItems(
                            TransactWriteItem.builder()
                                .put(
                                    Put.builder()
                                        .tableName(TABLE)
                                        .item(
                                            Map.of(
                                                "PK",
                                                AttributeValue.fromS("new"),
                                                "SK",
                                                AttributeValue.fromS("X")))
                                        .build())
                                .build(),
                            TransactWriteItem.builder()
                                .put(
                                    Put.builder()
                                        .tableName(TABLE)
                                        .item(
                                            Map.of(
                                                "PK",
                                                AttributeValue.fromS("existing"),
                                                "SK",
                                                AttributeValue.fromS("X"),
                                                "v",
                                                AttributeValue.fromS("after")))
                                        .build())
                                .build(),
                            takeOne("empty"))))
        .isInstanceOf(TransactionCanceledException.class);

    assertThat(dynamo.getItem(r -> r.tableName(TABLE).key(key("new"))).item()).isEmpty();
    assertThat(dynamo.getItem(r -> r.tableName(TABLE).key(key("existing"))).item().get("v").s())
        .isEqualTo("before");
  }

  @Test
  void anUpdateThatCreatesAnItemWritesOneInsertRecordWithTheWholeNewImage() {
    String table = "phantom-" + System.nanoTime();
    Provisioner.createTable(dynamo, table);
    Map<String, AttributeValue> key =
        Map.of("PK", AttributeValue.fromS("counter"), "SK", AttributeValue.fromS("X"));
    dynamo.updateItem(
        r ->
            r.tableName(table)
                .key(key)
                .updateExpression("ADD seen :one")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
    dynamo.updateItem(
        r ->
            r.tableName(table)
                .key(key)
                .updateExpression("ADD seen :one")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));

    var streams = emulator.endpoint().dynamoDbStreams();
    String arn = dynamo.describeTable(r -> r.tableName(table)).table().latestStreamArn();
    String shard =
        streams.describeStream(r -> r.streamArn(arn)).streamDescription().shards().get(0).shardId();
    String iterator =
        streams
            .getShardIterator(
                r ->
                    r.streamArn(arn)
                        .shardId(shard)
                        .shardIteratorType(
                            software.amazon.awssdk.services.dynamodb.model.ShardIteratorType
                                .TRIM_HORIZON))
            .shardIterator();
    var records = streams.getRecords(r -> r.shardIterator(iterator)).records();

    // moto alone wrote a key-only INSERT before the real one; AWS and dynoxide write one
    assertThat(records)
        .extracting(rec -> rec.eventNameAsString())
        .containsExactly("INSERT", "MODIFY");
    assertThat(records.get(0).dynamodb().newImage())
        .containsEntry("seen", AttributeValue.fromN("1"));
  }

  @Test
  void theItemSizeLimitIsEnforcedOnPutsUpdatesAndTransactionsWhereMotoEnforcesIt() {
    // moto refuses an item over 405,000 bytes (AWS: 400 KB); the launcher sizes items its own
    // way (serial_moto.py, _limited_setitem), so the line must not have moved.
    java.util.function.Function<Integer, AttributeValue> text =
        n -> AttributeValue.fromS("x".repeat(n));
    Map<String, AttributeValue> under =
        Map.of(
            "PK",
            AttributeValue.fromS("big"),
            "SK",
            AttributeValue.fromS("1"),
            "a",
            text.apply(300_000),
            "b",
            text.apply(104_000));
    Map<String, AttributeValue> over =
        Map.of(
            "PK",
            AttributeValue.fromS("big"),
            "SK",
            AttributeValue.fromS("2"),
            "a",
            text.apply(300_000),
            "b",
            text.apply(106_000));

    Map<String, AttributeValue> bigKey =
        Map.of("PK", AttributeValue.fromS("big"), "SK", AttributeValue.fromS("1"));
    dynamo.putItem(r -> r.tableName(TABLE).item(under));
    assertThatThrownBy(() -> dynamo.putItem(r -> r.tableName(TABLE).item(over)))
        .isInstanceOf(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class)
        .hasMessageContaining("Item size has exceeded the maximum allowed size");
    assertThatThrownBy(
            () ->
                dynamo.updateItem(
                    r ->
                        r.tableName(TABLE)
                            .key(bigKey)
                            .updateExpression("SET c = :c")
                            .expressionAttributeValues(Map.of(":c", text.apply(2_000)))))
        .isInstanceOf(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class);
    assertThatThrownBy(
            () ->
                dynamo.transactWriteItems(
                    r ->
                        r.transactItems(
                            TransactWriteItem.builder()
                                .put(Put.builder().tableName(TABLE).item(over).build())
                                .build())))
        .isInstanceOf(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class);
    dynamo.updateItem(
        r ->
            r.tableName(TABLE)
                .key(bigKey)
                .updateExpression("SET b = :b")
                .expressionAttributeValues(Map.of(":b", text.apply(10))));
    assertThat(dynamo.getItem(r -> r.tableName(TABLE).key(bigKey)).item().get("b").s()).hasSize(10);
  }
}
