package fairslot.catalog.store;

import fairslot.catalog.app.SeatAuditLog;
import fairslot.catalog.domain.SeatChange;
import fairslot.kernel.Change;
import fairslot.table.AuditItemMapper;
import fairslot.table.Keys;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Writes a seat change as an audit record in its slot's partition. The key ends in the change's
 * stream sequence number, so a redelivered record overwrites itself with the same values.
 */
public final class DynamoDbSeatAuditLog implements SeatAuditLog {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbSeatAuditLog(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public void record(SeatChange c) {
    var item =
        AuditItemMapper.withFields(
            AuditItemMapper.toStreamedItem(
                Keys.slot(c.slotId()),
                "slot:" + c.slotId(),
                "remaining=" + c.remainingBefore(),
                "remaining=" + c.remainingAfter(),
                Change.by(c.actor(), c.at(), c.reason()),
                c.sequence()),
            Map.of("remaining", c.remainingBefore()),
            Map.of("remaining", c.remainingAfter()));
    dynamo.putItem(r -> r.tableName(table).item(item));
  }
}
