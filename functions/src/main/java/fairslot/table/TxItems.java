package fairslot.table;

import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** A builder's write as one item of a transaction. */
public final class TxItems {
  private TxItems() {}

  public static TransactWriteItem update(Update.Builder update) {
    return TransactWriteItem.builder().update(update.build()).build();
  }

  public static TransactWriteItem put(Put.Builder put) {
    return TransactWriteItem.builder().put(put.build()).build();
  }

  public static TransactWriteItem delete(Delete.Builder delete) {
    return TransactWriteItem.builder().delete(delete.build()).build();
  }

  public static TransactWriteItem check(ConditionCheck.Builder check) {
    return TransactWriteItem.builder().conditionCheck(check.build()).build();
  }
}
