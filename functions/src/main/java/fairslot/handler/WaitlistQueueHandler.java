package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.internal.SqsBatch;
import fairslot.shared.Json;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import fairslot.shared.RequestContext;
import fairslot.waitlist.app.WaitlistService;
import java.util.Map;

/**
 * Consumes SeatReleased events (EventBridge rule → SQS) and fills the slot's waitlist. Reports
 * partial batch failures; the queue is standard, so one failure does not hold back the others, and
 * nothing here relies on order or on a single delivery.
 */
public final class WaitlistQueueHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {
  private final WaitlistService waitlist;
  private final SqsBatch batch = SqsBatch.standard("SeatReleased not processed", this::fill);

  /** Used by Lambda: wires the real adapters once per container. */
  public WaitlistQueueHandler() {
    this(Wiring.fromEnvironment());
  }

  public WaitlistQueueHandler(Wiring wiring) {
    this.waitlist = wiring.booking().waitlist();
  }

  @Override
  public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
    return batch.process(event);
  }

  private SqsBatch.Handled fill(SQSEvent.SQSMessage message) throws Exception {
    JsonNode detail = Json.read(message.getBody()).path("detail");
    String slotId = detail.path("slotId").asText("");
    if (slotId.isEmpty()) {
      // malformed: retrying cannot help, and the fallback job covers real releases
      Log.warn("SeatReleased without slotId dropped", Map.of("messageId", message.getMessageId()));
      return SqsBatch.Handled.DONE;
    }
    // The request that released the seat, carried in the event: its story goes on here.
    String requestId = detail.path("requestId").asText(message.getMessageId());
    return RequestContext.with(
        requestId,
        () -> {
          int offers =
              waitlist.onSeatReleased(
                  detail.path("eventId").asText(message.getMessageId()), slotId);
          Metrics.line().count("OffersMade", offers).property("slotId", slotId).emit();
          Log.info("seat released handled", Map.of("slotId", slotId, "offersMade", offers));
          return SqsBatch.Handled.DONE;
        });
  }
}
