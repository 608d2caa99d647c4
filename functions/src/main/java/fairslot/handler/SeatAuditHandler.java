package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import fairslot.catalog.app.SeatAuditLog;
import fairslot.catalog.store.SlotStreamRecords;

/**
 * Consumes the table stream (slot items only, by the event source's filter) and records each seat
 * change in its slot's audit with the stock before and after. Records are taken in order; on the
 * first failure the rest of the batch is reported failed from that record on, so Lambda retries it
 * from there and a slot's changes are never recorded out of order or skipped.
 */
public final class SeatAuditHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
  private final SlotStreamRecords records;
  private final SeatAuditLog audit;

  /** Used by Lambda: wires the real adapters once per container. */
  public SeatAuditHandler() {
    this(Wiring.fromEnvironment());
  }

  public SeatAuditHandler(Wiring wiring) {
    this(new SlotStreamRecords(), wiring.catalog().seatAudit());
  }

  public SeatAuditHandler(SlotStreamRecords records, SeatAuditLog audit) {
    this.records = records;
    this.audit = audit;
  }

  @Override
  public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
    return StreamBatch.inOrder(
        event,
        "seat change not recorded",
        record -> records.seatChange(record).ifPresent(audit::record));
  }
}
