package fairslot.handler;

import fairslot.catalog.app.MinimumDecisions;
import fairslot.catalog.app.SeatAuditLog;
import fairslot.catalog.app.SlotCanceller;
import fairslot.catalog.app.SlotEdits;
import fairslot.catalog.app.VenueEdits;
import fairslot.catalog.store.DynamoDbSeatAuditLog;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The catalog, assembled: edits of slots and venues, minimum decisions, the seat audit. */
public record CatalogModule(
    SlotEdits slotEdits,
    VenueEdits venueEdits,
    MinimumDecisions minimumDecisions,
    SeatAuditLog seatAudit) {

  static CatalogModule of(
      DynamoDbClient dynamo,
      String table,
      Stores stores,
      Adapters adapters,
      SlotCanceller cancels,
      Clock clock) {
    return new CatalogModule(
        new SlotEdits(stores.catalog(), adapters.events(), clock),
        new VenueEdits(stores.catalog(), clock),
        new MinimumDecisions(stores.catalog(), cancels, clock),
        new DynamoDbSeatAuditLog(dynamo, table));
  }
}
