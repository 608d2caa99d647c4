package fairslot.handler.internal;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import fairslot.messaging.sqs.SqsBookingQueue;
import java.util.Optional;

/** The API request a queued message came from (its {@code requestId} message attribute). */
public final class MessageOrigin {
  private MessageOrigin() {}

  /** The originating request's id, or the message's own id for a message sent without one. */
  public static String requestIdOf(SQSEvent.SQSMessage message) {
    return Optional.ofNullable(message.getMessageAttributes())
        .map(a -> a.get(SqsBookingQueue.REQUEST_ID_ATTRIBUTE))
        .map(SQSEvent.MessageAttribute::getStringValue)
        .orElse(message.getMessageId());
  }
}
