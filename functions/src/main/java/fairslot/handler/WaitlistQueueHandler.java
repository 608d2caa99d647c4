package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.fasterxml.jackson.databind.JsonNode;
import fairslot.app.WaitlistService;
import fairslot.shared.Json;
import fairslot.shared.Log;
import java.util.ArrayList;
import java.util.List;

/**
 * Consumes SeatReleased events (EventBridge rule → SQS) and fills the slot's waitlist. Reports
 * partial batch failures; the queue is standard, so one failure does not hold back the others, and
 * nothing here relies on order or on a single delivery.
 */
public final class WaitlistQueueHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {
  private final WaitlistService waitlist;

  /** Used by Lambda: wires the real adapters once per container. */
  public WaitlistQueueHandler() {
    this(Wiring.fromEnvironment());
  }

  public WaitlistQueueHandler(Wiring wiring) {
    this.waitlist = wiring.waitlist();
  }

  @Override
  public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
    List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
    for (SQSEvent.SQSMessage message : event.getRecords()) {
      try {
        JsonNode detail = Json.MAPPER.readTree(message.getBody()).path("detail");
        String slotId = detail.path("slotId").asText("");
        if (slotId.isEmpty()) {
          Log.warn(
              "SeatReleased without slotId dropped",
              java.util.Map.of("messageId", message.getMessageId()));
          continue; // malformed: retrying cannot help, and the fallback job covers real releases
        }
        waitlist.onSeatReleased(detail.path("eventId").asText(message.getMessageId()), slotId);
      } catch (Exception e) {
        Log.error("SeatReleased not processed", message.getMessageId(), e);
        failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
      }
    }
    return new SQSBatchResponse(failures);
  }
}
