package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import fairslot.app.QueuedAdmission;
import fairslot.shared.Json;
import fairslot.shared.Log;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The booking FIFO queue's consumer: decides each request in order with the same atomic booking
 * transaction as direct booking. Within a message group it stops at the first failure and reports
 * that message and every later one of the group as failed, so order survives the retry (the rule
 * Powertools' batch utility uses for FIFO); other groups go on.
 */
public final class BookingQueueHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {
  private final QueuedAdmission admission;

  /** Used by Lambda: wires the real adapters once per container. */
  public BookingQueueHandler() {
    this(Wiring.fromEnvironment());
  }

  public BookingQueueHandler(Wiring wiring) {
    this.admission = wiring.queuedAdmission();
  }

  @Override
  public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
    List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
    Set<String> stoppedGroups = new HashSet<>();
    for (SQSEvent.SQSMessage message : event.getRecords()) {
      String group =
          message.getAttributes() == null
              ? ""
              : message.getAttributes().getOrDefault("MessageGroupId", "");
      if (stoppedGroups.contains(group)) {
        failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
        continue;
      }
      boolean decided;
      try {
        String requestId = Json.MAPPER.readTree(message.getBody()).path("requestId").asText("");
        decided =
            requestId.isEmpty() || admission.process(requestId) == QueuedAdmission.Verdict.DECIDED;
        if (requestId.isEmpty()) {
          Log.warn(
              "booking message without requestId dropped",
              java.util.Map.of("messageId", message.getMessageId()));
        }
      } catch (Exception e) {
        Log.error("booking request not decided", message.getMessageId(), e);
        decided = false;
      }
      if (!decided) {
        stoppedGroups.add(group);
        failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
      }
    }
    return new SQSBatchResponse(failures);
  }
}
