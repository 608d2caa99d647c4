package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.catalog.app.LotteryStore;
import fairslot.catalog.domain.Lottery;
import fairslot.definitions.Fairslot;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** LOTTERY slots' draws in the table ({@link LotteryItems}); every move a conditional update. */
public final class DynamoDbLotteryStore implements LotteryStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbLotteryStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public Optional<Lottery> find(String slotId) {
    return LotteryItems.fromNullable(
        dynamo
            .getItem(r -> r.tableName(table).key(LotteryItems.key(slotId)).consistentRead(true))
            .item());
  }

  @Override
  public List<String> due(Instant by, int limit) {
    return new ShardedIndex(
            dynamo,
            table,
            Fairslot.CANCELS_DUE,
            LotteryItems.FAMILY,
            "cancelDueShard",
            "cancelDueAt")
        .dueBy(by, limit).items().stream()
            .filter(i -> LotteryItems.SK.equals(Attr.str(i, Keys.SK)))
            .map(i -> Attr.str(i, Keys.PK).substring("SLOT#".length()))
            .toList();
  }

  @Override
  public boolean claim(Lottery seen, String drawer, Instant leaseUntil) {
    if (seen.status() == Lottery.Status.DRAWN) {
      return false; // drawn once for good: its condition (status as seen) would let it be taken
    }
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":drawing", s(Lottery.Status.DRAWING.name()));
    values.put(":drawer", s(drawer));
    values.put(":lease", millis(leaseUntil));
    values.put(":seen", s(seen.status().name()));
    String condition = "#status = :seen";
    if (seen.status() == Lottery.Status.DRAWING) {
      // Taken over only from the run seen, whose lease has lapsed.
      condition += " AND drawer = :was AND leaseUntil = :wasLease";
      values.put(":was", s(seen.drawer().orElse("")));
      values.put(":wasLease", millis(seen.leaseUntil().orElse(Instant.EPOCH)));
    }
    return update(
        seen.slotId(),
        "SET #status = :drawing, drawer = :drawer, leaseUntil = :lease",
        condition,
        values,
        Lottery.Status.DRAWING,
        drawer);
  }

  @Override
  public boolean release(String slotId, String drawer) {
    return update(
        slotId,
        "SET #status = :open REMOVE drawer, leaseUntil",
        "#status = :drawing AND drawer = :drawer",
        Map.of(
            ":open",
            s(Lottery.Status.OPEN.name()),
            ":drawing",
            s(Lottery.Status.DRAWING.name()),
            ":drawer",
            s(drawer)),
        Lottery.Status.OPEN,
        null);
  }

  @Override
  public boolean finish(String slotId, String drawer, Instant at) {
    return update(
        slotId,
        "SET #status = :drawn, drawnAt = :at REMOVE cancelDueShard, cancelDueAt, leaseUntil",
        "#status = :drawing AND drawer = :drawer",
        Map.of(
            ":drawn",
            s(Lottery.Status.DRAWN.name()),
            ":drawing",
            s(Lottery.Status.DRAWING.name()),
            ":drawer",
            s(drawer),
            ":at",
            millis(at)),
        Lottery.Status.DRAWN,
        drawer);
  }

  /**
   * One conditional move. A condition that fails because this very move already happened (the SDK's
   * retry of a write whose answer was lost: the item already says {@code to}, by this drawer) is
   * the move done, not a move lost to another run; otherwise a claimed draw would be held, by
   * nobody who knows it, until its lease lapsed.
   */
  private boolean update(
      String slotId,
      String expression,
      String condition,
      Map<String, AttributeValue> values,
      Lottery.Status to,
      String drawer) {
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(LotteryItems.key(slotId))
                  .updateExpression(expression)
                  .conditionExpression(condition)
                  .expressionAttributeNames(Map.of("#status", "status"))
                  .expressionAttributeValues(values)
                  .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
      return true;
    } catch (ConditionalCheckFailedException moved) {
      Map<String, AttributeValue> now = moved.hasItem() ? moved.item() : Map.of();
      return drawer != null
          && Attr.optionalString(now, "status").filter(to.name()::equals).isPresent()
          && Attr.optionalString(now, "drawer").filter(drawer::equals).isPresent();
    }
  }
}
