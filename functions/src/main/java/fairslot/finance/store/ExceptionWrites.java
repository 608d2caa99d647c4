package fairslot.finance.store;

import fairslot.finance.domain.FinanceException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

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
}
