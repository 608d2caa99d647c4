package fairslot.store.dynamodb;

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
        new Transaction()
            .add("seat", check("slot"))
            .add(check("audit"))
            .addEach("calendar", List.of(check("day0"), check("day1")))
            .add("guard", check("guard"))
            .commit(cancelling(sent, ok(), ok(), ok(), failed("day1-as-it-is"), ok()))
            .orElseThrow();

    assertThat(sent.get().transactItems()).hasSize(5);
    assertThat(cancelled.failed("seat")).isFalse();
    assertThat(cancelled.failed("calendar", 0)).isFalse();
    assertThat(cancelled.failed("calendar", 1)).isTrue();
    assertThat(cancelled.oldItem("calendar", 1))
        .contains(Map.of("PK", AttributeValue.fromS("day1-as-it-is")));
    assertThat(cancelled.failed("guard")).isFalse();
    assertThat(cancelled.failed("no-such-action")).isFalse();
    assertThat(cancelled.toString())
        .contains("calendar#1=ConditionalCheckFailed", "seat=None", "#1=None");
  }

  @Test
  void aCommittedTransactionHasNoReasonsAndContentionIsNeverAResult() {
    var sent = new AtomicReference<TransactWriteItemsRequest>();
    assertThat(new Transaction().add("a", check("a")).commit(cancelling(sent))).isEmpty();
    var conflict = new Transaction().add("a", check("a")).add("b", check("b"));

    // Contention left over after the SDK's retries is "unavailable", never a business answer.
    assertThatThrownBy(
            () ->
                conflict.commit(
                    cancelling(
                        sent,
                        CancellationReason.builder().code("TransactionConflict").build(),
                        ok())))
        .isInstanceOf(fairslot.app.Unavailable.class);
  }

  @Test
  void twoRulesJoinInOneTransactionAndKeepTheirNames() {
    Transaction release =
        new Transaction().add("booking", check("old-booking")).add("seats", check("old-slot"));
    Transaction take = new Transaction().add("seats", check("new-slot")).add(check("audit"));
    var sent = new AtomicReference<TransactWriteItemsRequest>();
    var cancelled =
        new Transaction()
            .join("release", release)
            .join("take", take)
            .commit(cancelling(sent, ok(), ok(), failed("new-slot-full"), ok()))
            .orElseThrow();

    assertThat(sent.get().transactItems())
        .extracting(i -> i.conditionCheck().key().get("PK").s())
        .containsExactly("old-booking", "old-slot", "new-slot", "audit");
    assertThat(cancelled.failed("take.seats")).isTrue();
    assertThat(cancelled.failed("release.seats")).isFalse();
  }

  @Test
  void twoActionsCannotShareAName() {
    assertThatThrownBy(() -> new Transaction().add("seat", check("a")).add("seat", check("b")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
