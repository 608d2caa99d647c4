package fairslot.handler;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import fairslot.shared.Log;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A stream batch taken in order: on the first record that fails, the rest of the batch is reported
 * failed from that record on, so Lambda retries from there and no record of an item is handled out
 * of order or skipped.
 */
final class StreamBatch {
  private StreamBatch() {}

  static StreamsEventResponse inOrder(
      DynamodbEvent event, String whatFailed, Consumer<DynamodbEvent.DynamodbStreamRecord> each) {
    List<DynamodbEvent.DynamodbStreamRecord> batch =
        event.getRecords() == null ? List.of() : event.getRecords();
    for (DynamodbEvent.DynamodbStreamRecord record : batch) {
      try {
        each.accept(record);
      } catch (RuntimeException e) {
        String sequence = record.getDynamodb().getSequenceNumber();
        Log.warn(
            whatFailed + "; the batch resumes here",
            Map.of("sequence", sequence, "error", String.valueOf(e)));
        return new StreamsEventResponse(
            List.of(new StreamsEventResponse.BatchItemFailure(sequence)));
      }
    }
    return new StreamsEventResponse(List.of());
  }
}
