package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import fairslot.booking.app.QueuedAdmission;
import fairslot.handler.internal.MessageOrigin;
import fairslot.handler.internal.SqsBatch;
import fairslot.shared.Json;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import fairslot.shared.RequestContext;
import java.util.Map;

/**
 * The booking FIFO queue's consumer: decides each request in order with the same atomic booking
 * transaction as direct booking. Within a message group it stops at the first failure and reports
 * that message and every later one of the group as failed, so order survives the retry (the rule
 * Powertools' batch utility uses for FIFO); other groups go on.
 */
public final class BookingQueueHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {
  private final QueuedAdmission admission;
  private final SqsBatch batch = SqsBatch.fifo("booking request not decided", this::decide);

  /** Used by Lambda: wires the real adapters once per container. */
  public BookingQueueHandler() {
    this(Wiring.fromEnvironment());
  }

  public BookingQueueHandler(Wiring wiring) {
    this.admission = wiring.booking().admission();
  }

  @Override
  public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
    return batch.process(event);
  }

  private SqsBatch.Handled decide(SQSEvent.SQSMessage message) throws Exception {
    String requestId = Json.read(message.getBody()).path("requestId").asText("");
    if (requestId.isEmpty()) {
      Log.warn(
          "booking message without requestId dropped", Map.of("messageId", message.getMessageId()));
      return SqsBatch.Handled.DONE;
    }
    // The API request that queued it, carried in a message attribute: its story goes on here.
    String origin = MessageOrigin.requestIdOf(message);
    String bookingRequestId = requestId;
    return RequestContext.with(
        origin,
        () -> {
          QueuedAdmission.Verdict verdict = admission.process(bookingRequestId);
          Metrics.line()
              .dimension("Verdict", verdict.name())
              .count("QueuedRequestsProcessed", 1)
              .property("bookingRequestId", bookingRequestId)
              .emit();
          Log.info(
              "queued booking request processed",
              Map.of("bookingRequestId", bookingRequestId, "verdict", verdict.name()));
          return verdict == QueuedAdmission.Verdict.DECIDED
              ? SqsBatch.Handled.DONE
              : SqsBatch.Handled.RETRY;
        });
  }
}
