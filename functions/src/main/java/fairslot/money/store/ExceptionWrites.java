package fairslot.money.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.money.domain.FinanceException;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** Where a finance exception is opened inside another feature's transaction. */
public final class ExceptionWrites {
  private final String table;

  public ExceptionWrites(String table) {
    this.table = table;
  }

  /**
   * A new finance exception, in the transaction of the event that caused it. Its id comes from the
   * event, and it is put only if absent: a replay can never write a second one, nor reopen one
   * finance resolved.
   */
  public TransactWriteItem open(FinanceException e) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(FinanceExceptionMapper.toItem(e))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /**
   * The OPEN exception becomes RESOLVED as {@code how}, by {@code by}, with {@code note}; its index
   * key moves with it. The one place an exception is resolved: finance's moves and a provider's
   * close alike.
   */
  public Update resolve(
      String exceptionId, FinanceException.Resolution how, String note, String by, Instant at) {
    return Update.builder()
        .tableName(table)
        .key(FinanceExceptionMapper.key(exceptionId))
        .updateExpression(
            "SET #status = :resolved, excStatus = :resolved, resolution = :how,"
                + " note = :note, resolvedBy = :by, resolvedAt = :at")
        .conditionExpression("#status = :open")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(
            Map.of(
                ":resolved",
                s(FinanceException.Status.RESOLVED.name()),
                ":open",
                s(FinanceException.Status.OPEN.name()),
                ":how",
                s(how.name()),
                ":note",
                s(note),
                ":by",
                s(by),
                ":at",
                millis(at)))
        .build();
  }

  /**
   * The OPEN exception {@code exceptionId} resolved because the provider closed what it was about
   * (a dispute decided). One already resolved, or never opened, is left as it is.
   */
  public UpdateItemRequest closeByProvider(String exceptionId, String note, Instant at) {
    Update u =
        resolve(exceptionId, FinanceException.Resolution.CLOSED_BY_PROVIDER, note, "provider", at);
    return UpdateItemRequest.builder()
        .tableName(u.tableName())
        .key(u.key())
        .updateExpression(u.updateExpression())
        .conditionExpression(u.conditionExpression())
        .expressionAttributeNames(u.expressionAttributeNames())
        .expressionAttributeValues(u.expressionAttributeValues())
        .build();
  }
}
