package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import fairslot.webhook.app.WebhookFanOut;
import fairslot.webhook.store.WebhookStreamRecords;
import java.util.List;

/**
 * Consumes the table stream (bookings, slots and waitlist entries, by the event source's filter):
 * each change a venue's subscribers hear of becomes their deliveries. Records are taken in order;
 * on the first failure the rest of the batch is reported failed from that record on, so Lambda
 * retries from there and a subject's deliveries are never chained out of order or skipped.
 */
public final class WebhookEventsHandler
    implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
  private final WebhookStreamRecords records;
  private final WebhookFanOut fanOut;

  /** Used by Lambda: wires the real adapters once per container. */
  public WebhookEventsHandler() {
    this(Wiring.fromEnvironment());
  }

  public WebhookEventsHandler(Wiring wiring) {
    this(wiring.webhooks().records(), wiring.webhooks().fanOut());
  }

  public WebhookEventsHandler(WebhookStreamRecords records, WebhookFanOut fanOut) {
    this.records = records;
    this.fanOut = fanOut;
  }

  @Override
  public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
    return StreamBatch.inOrder(
        event,
        "webhook event not recorded",
        record -> records.event(record).ifPresent(e -> fanOut.record(List.of(e))));
  }
}
