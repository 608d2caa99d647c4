package fairslot.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

class TransactionTest {
  private enum Action {
    SEAT,
    CALENDAR,
    GUARD,
    NO_SUCH_ACTION,
    A,
    B
  }

  private enum Rule {
    BOOKING,
    SEATS
  }

  private enum Part {
    RELEASE,
    TAKE
  }

  private static TransactWriteItem check(String pk) {
    return TransactWriteItem.builder()
        .conditionCheck(
            ConditionCheck.builder()
                .tableName("t")
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("X")))
                .conditionExpression("attribute_exists(PK)")
                .build())
        .build();
  }

  private static CancellationReason ok() {
    return CancellationReason.builder().code("None").build();
  }

  private static CancellationReason failed(String was) {
    return CancellationReason.builder()
        .code("ConditionalCheckFailed")
        .item(Map.of("PK", AttributeValue.fromS(was)))
        .build();
  }

  /** A client whose transactions are cancelled with {@code reasons}, recording what it was sent. */
  private static DynamoDbClient cancelling(
      AtomicReference<TransactWriteItemsRequest> sent, CancellationReason... reasons) {
    return (DynamoDbClient)
        Proxy.newProxyInstance(
            DynamoDbClient.class.getClassLoader(),
            new Class<?>[] {DynamoDbClient.class},
            (proxy, method, args) -> {
              if (method.getName().equals("transactWriteItems")
                  && args[0] instanceof TransactWriteItemsRequest r) {
                sent.set(r);
                if (reasons.length == 0) {
                  return null;
                }
                throw TransactionCanceledException.builder()
                    .message("cancelled")
                    .cancellationReasons(reasons)
                    .build();
              }
              if (method.isDefault()) {
                return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  @Test
  void aCancellationIsReadByActionNameNotPosition() {
    var sent = new AtomicReference<TransactWriteItemsRequest>();
    var cancelled =
        new Transaction<Action>()
            .add(Action.SEAT, check("slot"))
            .add(check("audit"))
            .addEach(Action.CALENDAR, List.of(check("day0"), check("day1")))
            .add(Action.GUARD, check("guard"))
            .commit(cancelling(sent, ok(), ok(), ok(), failed("day1-as-it-is"), ok()))
            .orElseThrow();

    assertThat(sent.get().transactItems()).hasSize(5);
    assertThat(cancelled.failed(Action.SEAT)).isFalse();
    assertThat(cancelled.failed(Action.CALENDAR, 0)).isFalse();
    assertThat(cancelled.failed(Action.CALENDAR, 1)).isTrue();
    assertThat(cancelled.oldItem(Action.CALENDAR, 1))
        .contains(Map.of("PK", AttributeValue.fromS("day1-as-it-is")));
    assertThat(cancelled.failed(Action.GUARD)).isFalse();
    assertThat(cancelled.failed(Action.NO_SUCH_ACTION)).isFalse();
    assertThat(cancelled.toString())
        .contains("CALENDAR#1=ConditionalCheckFailed", "SEAT=None", "#1=None");
  }

  @Test
  void aCommittedTransactionHasNoReasonsAndContentionIsNeverAResult() {
    var sent = new AtomicReference<TransactWriteItemsRequest>();
    assertThat(new Transaction<Action>().add(Action.A, check("a")).commit(cancelling(sent)))
        .isEmpty();
    var conflict = new Transaction<Action>().add(Action.A, check("a")).add(Action.B, check("b"));

    // Contention left over after the SDK's retries is "unavailable", never a business answer.
    assertThatThrownBy(
            () ->
                conflict.commit(
                    cancelling(
                        sent,
                        CancellationReason.builder().code("TransactionConflict").build(),
                        ok())))
        .isInstanceOf(fairslot.kernel.Unavailable.class);
  }

  @Test
  void twoRulesJoinInOneTransactionAndKeepTheirNames() {
    Transaction<Rule> release =
        new Transaction<Rule>()
            .add(Rule.BOOKING, check("old-booking"))
            .add(Rule.SEATS, check("old-slot"));
    Transaction<Rule> take =
        new Transaction<Rule>().add(Rule.SEATS, check("new-slot")).add(check("audit"));
    var sent = new AtomicReference<TransactWriteItemsRequest>();
    var cancelled =
        new Transaction<Part>()
            .join(Part.RELEASE, release)
            .join(Part.TAKE, take)
            .commit(cancelling(sent, ok(), ok(), failed("new-slot-full"), ok()))
            .orElseThrow();

    assertThat(sent.get().transactItems())
        .extracting(i -> i.conditionCheck().key().get("PK").s())
        .containsExactly("old-booking", "old-slot", "new-slot", "audit");
    assertThat(cancelled.failed(Part.TAKE, Rule.SEATS)).isTrue();
    assertThat(cancelled.failed(Part.RELEASE, Rule.SEATS)).isFalse();
  }

  @Test
  void twoActionsCannotShareAName() {
    assertThatThrownBy(
            () ->
                new Transaction<Action>().add(Action.SEAT, check("a")).add(Action.SEAT, check("b")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
