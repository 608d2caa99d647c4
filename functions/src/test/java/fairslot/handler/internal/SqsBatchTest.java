package fairslot.handler.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SqsBatchTest {
  private static SQSEvent.SQSMessage message(String id, String group) {
    SQSEvent.SQSMessage m = new SQSEvent.SQSMessage();
    m.setMessageId(id);
    m.setBody("{}");
    m.setAttributes(Map.of("MessageGroupId", group));
    return m;
  }

  private static SQSEvent event(SQSEvent.SQSMessage... messages) {
    SQSEvent e = new SQSEvent();
    e.setRecords(List.of(messages));
    return e;
  }

  private static List<String> failed(SQSBatchResponse response) {
    return response.getBatchItemFailures().stream()
        .map(SQSBatchResponse.BatchItemFailure::getItemIdentifier)
        .toList();
  }

  @Test
  void onAFifoQueueTheFirstFailureStopsItsGroupAndOtherGroupsGoOn() {
    List<String> read = new ArrayList<>();
    SqsBatch batch =
        SqsBatch.fifo(
            "failed",
            m -> {
              read.add(m.getMessageId());
              if (m.getMessageId().equals("a2")) {
                throw new IllegalStateException("boom");
              }
              return m.getMessageId().equals("b1") ? SqsBatch.Handled.RETRY : SqsBatch.Handled.DONE;
            });

    var response =
        batch.process(
            event(
                message("a1", "A"),
                message("b1", "B"),
                message("a2", "A"),
                message("b2", "B"),
                message("a3", "A"),
                message("c1", "C")));

    assertThat(failed(response)).containsExactly("b1", "a2", "b2", "a3");
    assertThat(read).containsExactly("a1", "b1", "a2", "c1");
  }

  @Test
  void onAStandardQueueEachFailureIsItsOwn() {
    SqsBatch batch =
        SqsBatch.standard(
            "failed",
            m -> m.getMessageId().equals("1") ? SqsBatch.Handled.RETRY : SqsBatch.Handled.DONE);

    var response = batch.process(event(message("1", "A"), message("2", "A")));

    assertThat(failed(response)).containsExactly("1");
  }
}
