package fairslot.table;

import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A conditional update that knows its own write when the answer to it was lost (API.md v1.3). The
 * write stamps the item with an id of its own; when the network (or the emulator's {@code
 * lost_response}) drops the answer to an applied write, the SDK's retry fails the condition against
 * that very write, and the item read back ({@code ALL_OLD}) carries the stamp: the write was ours,
 * not another worker's. Without it, a refund claim or a delivery claim read as someone else's and
 * waited out a whole lease.
 */
public final class OwnWrites {
  private OwnWrites() {}

  /** A new stamp for one write. */
  public static String stamp() {
    return UUID.randomUUID().toString();
  }

  /**
   * Applies {@code update}, which must set {@code attribute} to {@code stamp} and ask for {@code
   * ALL_OLD} on a failed condition: true when it was applied, now or by a try whose answer was
   * lost.
   */
  public static boolean apply(
      DynamoDbClient dynamo, UpdateItemRequest update, String attribute, String stamp) {
    try {
      dynamo.updateItem(update);
      return true;
    } catch (ConditionalCheckFailedException failed) {
      return failed.hasItem()
          && stamp.equals(Attr.optionalString(failed.item(), attribute).orElse(""));
    }
  }
}
