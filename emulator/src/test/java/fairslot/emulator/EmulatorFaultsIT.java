package fairslot.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/** Each fault of FAIRSLOT_FAULTS, and the idempotency AWS gives, proven against the raw SDK. */
class EmulatorFaultsIT {
  private static final String TABLE = "faults";
  private static Emulator emulator;
  private static EmulatorFaults faults;
  private static DynamoDbClient dynamo; // the SDK as the functions use it: retries on
  private static DynamoDbClient rawDynamo; // no retries: every injected fault is seen as it is
  private static SqsClient rawSqs;
  private static EventBridgeClient rawEvents;

  @BeforeAll
  static void start() {
    emulator = Emulator.start(0, "");
    faults = new EmulatorFaults(emulator.endpoint());
    AwsEndpoint e = emulator.endpoint();
    dynamo = e.dynamoDb();
    rawDynamo =
        DynamoDbClient.builder()
            .endpointOverride(e.uri())
            .region(e.region())
            .credentialsProvider(e.credentials())
            .httpClient(UrlConnectionHttpClient.create())
            .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
            .build();
    rawSqs =
        SqsClient.builder()
            .endpointOverride(e.uri())
            .region(e.region())
            .credentialsProvider(e.credentials())
            .httpClient(UrlConnectionHttpClient.create())
            .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
            .build();
    rawEvents =
        EventBridgeClient.builder()
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

  private static Map<String, AttributeValue> key(String pk) {
    return SeatItems.key(pk);
  }

  private static void seats(String pk, int n) {
    dynamo.putItem(
        r ->
            r.tableName(TABLE)
                .item(
                    Map.of(
                        "PK",
                        AttributeValue.fromS(pk),
                        "SK",
                        AttributeValue.fromS("X"),
                        "remaining",
                        AttributeValue.fromN(Integer.toString(n)))));
  }

  private static int remaining(String pk) {
    return Integer.parseInt(
        dynamo
            .getItem(r -> r.tableName(TABLE).key(key(pk)).consistentRead(true))
            .item()
            .get("remaining")
            .n());
  }

  private static TransactWriteItem takeOne(String pk) {
    return SeatItems.takeOne(TABLE, pk);
  }

  @Test
  void anItemJustWrittenByATransactionConflictsUntilConflictMsHavePassed() throws Exception {
    seats("a", 10);
    seats("b", 10);
    faults.set("conflict_ms=400,seed=1");
    faults.freezeClock(); // the window is the emulator's time, not how fast this machine is
    rawDynamo.transactWriteItems(r -> r.transactItems(takeOne("a")));

    assertThatThrownBy(
            () -> rawDynamo.transactWriteItems(r -> r.transactItems(takeOne("b"), takeOne("a"))))
        .isInstanceOfSatisfying(
            TransactionCanceledException.class,
            e ->
                assertThat(e.cancellationReasons())
                    .extracting(c -> c.code())
                    .containsExactly("None", "TransactionConflict"));
    assertThatThrownBy(
            () ->
                rawDynamo.updateItem(
                    r ->
                        r.tableName(TABLE)
                            .key(key("a"))
                            .updateExpression("SET remaining = :n")
                            .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("5")))))
        .isInstanceOf(TransactionConflictException.class);
    assertThat(remaining("a")).isEqualTo(9);
    assertThat(remaining("b")).as("the cancelled transaction changed nothing").isEqualTo(10);

    faults.advanceClock(Duration.ofMillis(399));
    assertThatThrownBy(() -> rawDynamo.transactWriteItems(r -> r.transactItems(takeOne("a"))))
        .as("still in flight a millisecond before the window ends")
        .isInstanceOf(TransactionCanceledException.class);
    faults.advanceClock(Duration.ofMillis(2));
    rawDynamo.transactWriteItems(r -> r.transactItems(takeOne("b"), takeOne("a")));
    assertThat(remaining("a")).isEqualTo(8);
    assertThat(faults.injected()).containsEntry("conflict", 3L);
  }

  @Test
  void aTransactionalReadOfAnItemInFlightIsCancelledAndOneOfOtherItemsIsNot() {
    seats("ga", 10);
    seats("gb", 10);
    faults.set("conflict_ms=400,seed=1");
    faults.freezeClock();
    rawDynamo.transactWriteItems(r -> r.transactItems(takeOne("ga")));
    TransactGetItem getA =
        TransactGetItem.builder().get(g -> g.tableName(TABLE).key(key("ga"))).build();
    TransactGetItem getB =
        TransactGetItem.builder().get(g -> g.tableName(TABLE).key(key("gb"))).build();

    assertThatThrownBy(() -> rawDynamo.transactGetItems(r -> r.transactItems(getB, getA)))
        .isInstanceOfSatisfying(
            TransactionCanceledException.class,
            e ->
                assertThat(e.cancellationReasons())
                    .extracting(c -> c.code())
                    .containsExactly("None", "TransactionConflict"));
    var other = rawDynamo.transactGetItems(r -> r.transactItems(getB));
    assertThat(other.responses().get(0).item().get("remaining").n()).isEqualTo("10");
    // a read puts nothing in flight: a write on the item it read goes through
    rawDynamo.transactWriteItems(r -> r.transactItems(takeOne("gb")));
    assertThat(remaining("gb")).isEqualTo(9);
  }

  @Test
  void throttlingFailsDynamoDbSqsAndEventBridgeCallsBeforeTheyDoAnything() {
    String queue =
        rawSqs.createQueue(r -> r.queueName("throttled-" + UUID.randomUUID())).queueUrl();
    faults.set("throttle=1,seed=2");

    assertThatThrownBy(
            () ->
                rawDynamo.putItem(
                    r ->
                        r.tableName(TABLE)
                            .item(
                                Map.of(
                                    "PK",
                                    AttributeValue.fromS("t"),
                                    "SK",
                                    AttributeValue.fromS("X")))))
        .isInstanceOfSatisfying(
            AwsServiceException.class, e -> assertThat(e.isThrottlingException()).isTrue());
    assertThatThrownBy(() -> rawSqs.sendMessage(r -> r.queueUrl(queue).messageBody("x")))
        .isInstanceOfSatisfying(
            AwsServiceException.class, e -> assertThat(e.isThrottlingException()).isTrue());
    assertThatThrownBy(
            () ->
                rawEvents.putEvents(
                    r -> r.entries(x -> x.source("s").detailType("d").detail("{}"))))
        .isInstanceOfSatisfying(
            AwsServiceException.class, e -> assertThat(e.isThrottlingException()).isTrue());

    faults.set("");
    assertThat(dynamo.getItem(r -> r.tableName(TABLE).key(key("t"))).hasItem()).isFalse();
    assertThat(rawSqs.receiveMessage(r -> r.queueUrl(queue)).messages()).isEmpty();
  }

  @Test
  void errorsAnswerFiveHundredBeforeDoingAnything() {
    faults.set("error=1,seed=3");
    assertThatThrownBy(
            () ->
                rawDynamo.putItem(
                    r ->
                        r.tableName(TABLE)
                            .item(
                                Map.of(
                                    "PK",
                                    AttributeValue.fromS("e"),
                                    "SK",
                                    AttributeValue.fromS("X")))))
        .isInstanceOfSatisfying(
            AwsServiceException.class, e -> assertThat(e.statusCode()).isEqualTo(500));
    assertThat(faults.injected()).containsEntry("error", 1L);
    faults.set("");
    assertThat(dynamo.getItem(r -> r.tableName(TABLE).key(key("e"))).hasItem()).isFalse();
  }

  @Test
  void aLostResponseAppliesTheWriteAndClosesTheConnectionWithoutAnAnswer() {
    faults.set("lost_response=1,seed=4");
    assertThatThrownBy(
            () ->
                rawDynamo.putItem(
                    r ->
                        r.tableName(TABLE)
                            .item(
                                Map.of(
                                    "PK",
                                    AttributeValue.fromS("lost"),
                                    "SK",
                                    AttributeValue.fromS("X")))))
        .isInstanceOf(SdkClientException.class);
    faults.set("");
    assertThat(dynamo.getItem(r -> r.tableName(TABLE).key(key("lost"))).hasItem()).isTrue();
  }

  @Test
  void theSdksRetryOfATransactionWhoseAnswerWasLostIsAnsweredFromItsTokenAndAppliedOnce() {
    seats("token", 10);
    faults.set("lost_response=1,seed=5");
    // The SDK sends the same ClientRequestToken again after the lost answer; the replay is not
    // lost.
    dynamo.transactWriteItems(r -> r.transactItems(takeOne("token")));
    faults.set("");
    assertThat(remaining("token")).isEqualTo(9);
  }

  @Test
  void aClientRequestTokenRepeatsTheFirstAnswerAndRefusesAnotherBody() {
    seats("tok", 10);
    String token = UUID.randomUUID().toString();
    TransactWriteItemsRequest request =
        TransactWriteItemsRequest.builder()
            .clientRequestToken(token)
            .transactItems(takeOne("tok"))
            .build();
    rawDynamo.transactWriteItems(request);
    rawDynamo.transactWriteItems(request);
    assertThat(remaining("tok")).as("the repeat changed nothing").isEqualTo(9);

    seats("other", 10);
    assertThatThrownBy(
            () ->
                rawDynamo.transactWriteItems(
                    r -> r.clientRequestToken(token).transactItems(takeOne("other"))))
        .isInstanceOf(IdempotentParameterMismatchException.class);
    assertThat(remaining("other")).isEqualTo(10);
  }

  @Test
  void aFifoQueueDropsARepeatedDeduplicationIdAlsoAfterTheFirstMessageWasDeleted() {
    String queue =
        rawSqs
            .createQueue(
                r ->
                    r.queueName("dedup-" + UUID.randomUUID() + ".fifo")
                        .attributesWithStrings(Map.of("FifoQueue", "true")))
            .queueUrl();
    rawSqs.sendMessage(
        r -> r.queueUrl(queue).messageBody("one").messageGroupId("g").messageDeduplicationId("d1"));
    var first = rawSqs.receiveMessage(r -> r.queueUrl(queue)).messages();
    assertThat(first).hasSize(1);
    rawSqs.deleteMessage(r -> r.queueUrl(queue).receiptHandle(first.get(0).receiptHandle()));

    rawSqs.sendMessage(
        r -> r.queueUrl(queue).messageBody("one").messageGroupId("g").messageDeduplicationId("d1"));
    assertThat(rawSqs.receiveMessage(r -> r.queueUrl(queue)).messages()).isEmpty();
  }

  @Test
  void theSameSeedRollsTheSameFaults() {
    seats("seed", 1);
    assertThat(rolls("throttle=0.5,seed=42")).isEqualTo(rolls("throttle=0.5,seed=42"));
    assertThat(rolls("throttle=0.5,seed=42")).isNotEqualTo(rolls("throttle=0.5,seed=43"));
  }

  @Test
  void aSpecItCannotReadIsRefusedWithItsReason() {
    assertThatThrownBy(() -> faults.set("throttle=2")).hasMessageContaining("fraction");
    assertThatThrownBy(() -> faults.set("latency=5")).hasMessageContaining("unknown part");
  }

  private static List<Boolean> rolls(String spec) {
    faults.set(spec);
    List<Boolean> out = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      try {
        rawDynamo.getItem(r -> r.tableName(TABLE).key(key("seed")));
        out.add(true);
      } catch (AwsServiceException e) {
        out.add(false);
      }
    }
    return out;
  }
}
