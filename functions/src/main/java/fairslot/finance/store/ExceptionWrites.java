package fairslot.finance.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.finance.domain.FinanceException;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
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
    return TransactWriteItem.builder()
        .put(
            Put.builder()
                .tableName(table)
                .item(FinanceExceptionMapper.toItem(e))
                .conditionExpression("attribute_not_exists(PK)")
                .build())
        .build();
  }

  /**
   * The OPEN exception {@code exceptionId} resolved because the provider closed what it was about
   * (a dispute decided). One already resolved, or never opened, is left as it is.
   */
  public UpdateItemRequest closeByProvider(String exceptionId, String note, Instant at) {
    return UpdateItemRequest.builder()
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
                s(FinanceException.Resolution.CLOSED_BY_PROVIDER.name()),
                ":note",
                s(note),
                ":by",
                s("provider"),
                ":at",
                millis(at)))
        .build();
  }
}
