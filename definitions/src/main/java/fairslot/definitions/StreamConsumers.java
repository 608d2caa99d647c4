package fairslot.definitions;

import static fairslot.definitions.Permissions.GET;
import static fairslot.definitions.Permissions.PUT;
import static fairslot.definitions.Permissions.QUERY;
import static fairslot.definitions.Permissions.UPDATE;

import java.util.List;
import java.util.Set;

/** The table stream's consumers (Fairslot.STREAM_CONSUMERS), each with why it reads the stream. */
final class StreamConsumers {
  private StreamConsumers() {}

  /**
   * Seat audit: every change of a slot's {@code remaining} made by the booking path (booking,
   * cancel, expiry, waitlist offer) becomes an audit record with the stock before and after, read
   * from the stream's old and new images. A transaction cannot return the values it wrote, and
   * conditioning every booking on the exact stock would serialize a crowd; the stream has both
   * images of every write, in order per item, at no cost to the write.
   */
  static final StreamConsumerDefinition SEAT_AUDIT =
      new StreamConsumerDefinition(
          "seat-audit",
          "fairslot.handler.SeatAuditHandler",
          "SLOT",
          "MODIFY",
          100,
          10,
          // Writes one audit record per seat change (GetItem: the SnapStart priming call); reads
          // the
          // stream through its event source, which grants the stream reads and sending to its
          // failure queue on its own.
          Permissions.table(Set.of(GET, PUT)));

  /**
   * Outbound webhooks (API.md v1.2 "Integrations"): the changes a venue's subscribers hear of are
   * read from the stream, which has every committed change once or more, in order per item: a
   * booking's confirmation, cancel and refund, a slot's cancel, a waitlist offer. The consumer
   * writes one delivery per subscription (deduplicated by its id); the webhook-deliveries job sends
   * them.
   */
  static final StreamConsumerDefinition WEBHOOK_EVENTS =
      new StreamConsumerDefinition(
          "webhook-events",
          "fairslot.handler.WebhookEventsHandler",
          List.of("BOOKING", "SLOT", "WAITENTRY"),
          // INSERT too: a free or pass-paid booking is PAID from its first write.
          List.of("INSERT", "MODIFY"),
          100,
          10,
          // Reads the venue's subscriptions and a waitlist offer's slot; puts deliveries, moves
          // each
          // subject's chain.
          Permissions.table(Set.of(GET, QUERY, PUT, UPDATE)));
}
