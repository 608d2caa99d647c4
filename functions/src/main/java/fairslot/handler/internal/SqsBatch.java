package fairslot.handler.internal;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import fairslot.shared.Log;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one batch processor of every SQS consumer, reporting partial batch failures. A message whose
 * handler throws or asks for a retry is reported failed (and delivered again). On a FIFO queue the
 * first failure also stops its message group: every later message of that group in the batch is
 * reported failed unread, so order survives the retry (Powertools' rule for FIFO); other groups go
 * on.
 */
public final class SqsBatch {
  public enum Handled {
    DONE,
    RETRY
  }

  @FunctionalInterface
  public interface MessageHandler {
    Handled handle(SQSEvent.SQSMessage message) throws Exception;
  }

  private final boolean fifo;
  private final String failureLog;
  private final MessageHandler handler;

  private SqsBatch(boolean fifo, String failureLog, MessageHandler handler) {
    this.fifo = fifo;
    this.failureLog = failureLog;
    this.handler = handler;
  }

  /** {@code failureLog} is the ERROR line written when the handler throws. */
  public static SqsBatch standard(String failureLog, MessageHandler handler) {
    return new SqsBatch(false, failureLog, handler);
  }

  public static SqsBatch fifo(String failureLog, MessageHandler handler) {
    return new SqsBatch(true, failureLog, handler);
  }

  public SQSBatchResponse process(SQSEvent event) {
    List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
    Set<String> stoppedGroups = new HashSet<>();
    for (SQSEvent.SQSMessage message : event.getRecords()) {
      String group = fifo ? group(message) : "";
      if (fifo && stoppedGroups.contains(group)) {
        failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
        continue;
      }
      Handled handled;
      try {
        handled = handler.handle(message);
      } catch (Exception e) {
        Log.error(failureLog, message.getMessageId(), e);
        handled = Handled.RETRY;
      }
      if (handled == Handled.RETRY) {
        failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
        if (fifo) {
          stoppedGroups.add(group);
        }
      }
    }
    return new SQSBatchResponse(failures);
  }

  private static String group(SQSEvent.SQSMessage message) {
    return message.getAttributes() == null
        ? ""
        : message.getAttributes().getOrDefault("MessageGroupId", "");
  }
}
