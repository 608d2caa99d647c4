package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import fairslot.booking.app.QueuedAdmission;
import fairslot.definitions.Fairslot;
import fairslot.handler.internal.MessageOrigin;
import fairslot.handler.internal.SqsBatch;
import fairslot.shared.Json;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import fairslot.shared.RequestContext;
import java.util.Map;

/**
 * The booking dead-letter queue's cleanup: each request gets one last try and, failing that, is
 * REJECTED with code throttled, so no accepted request is ever left QUEUED.
 */
public final class BookingDlqHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {
  private final QueuedAdmission admission;
  private final SqsBatch batch =
      SqsBatch.standard("dead-lettered booking request not settled", this::settle);

  /** Used by Lambda: wires the real adapters once per container. */
  public BookingDlqHandler() {
    this(Wiring.fromEnvironment());
  }

  public BookingDlqHandler(Wiring wiring) {
    this.admission = wiring.booking().admission();
  }

  @Override
  public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
    return batch.process(event);
  }

  private SqsBatch.Handled settle(SQSEvent.SQSMessage message) throws Exception {
    String bookingRequestId = Json.read(message.getBody()).path("requestId").asText("");
    String origin = MessageOrigin.requestIdOf(message);
    return RequestContext.with(
        origin,
        () -> {
          Metrics.line()
              .dimension("Queue", Fairslot.BOOKING_QUEUE.name())
              .count("DlqReceipts", 1)
              .emit();
          if (!bookingRequestId.isEmpty() && admission.giveUp(bookingRequestId)) {
            // the stack's BookingRequestGivenUp alarm counts exactly this line
            Log.error(Fairslot.BOOKING_GIVEN_UP_LOG, Map.of("bookingRequestId", bookingRequestId));
          }
          return SqsBatch.Handled.DONE;
        });
  }
}
