package fairslot.handler;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import fairslot.definitions.Fairslot;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.StreamConsumerDefinition;
import java.util.function.Function;

/**
 * The consumer of each queue, dead-letter queue and table stream, read from the definitions (the
 * handler class each names) exactly as the stack maps them, so the local runtime, chaos and the
 * tests drain what AWS would drain with the handler AWS would call.
 */
public final class Triggers {
  private Triggers() {}

  /** The consumer the definition names for {@code queue}. */
  public static Function<SQSEvent, SQSBatchResponse> queue(QueueDefinition queue, Wiring wiring) {
    RequestHandler<SQSEvent, SQSBatchResponse> handler = made(queue.consumerHandler(), wiring);
    return event -> handler.handleRequest(event, null);
  }

  /** The consumer of {@code queue}'s dead letters (only the booking queue's are drained). */
  public static Function<SQSEvent, SQSBatchResponse> deadLetters(
      QueueDefinition queue, Wiring wiring) {
    if (!queue.equals(Fairslot.BOOKING_QUEUE)) {
      throw new IllegalArgumentException(queue.name() + "'s dead letters have no consumer");
    }
    RequestHandler<SQSEvent, SQSBatchResponse> handler = made(Fairslot.BOOKING_DLQ_HANDLER, wiring);
    return event -> handler.handleRequest(event, null);
  }

  /** The consumer the definition names for the table stream's {@code consumer}. */
  public static Function<DynamodbEvent, StreamsEventResponse> stream(
      StreamConsumerDefinition consumer, Wiring wiring) {
    RequestHandler<DynamodbEvent, StreamsEventResponse> handler = made(consumer.handler(), wiring);
    return event -> handler.handleRequest(event, null);
  }

  @SuppressWarnings("unchecked")
  private static <I, O> RequestHandler<I, O> made(String handlerClass, Wiring wiring) {
    try {
      return (RequestHandler<I, O>)
          Class.forName(handlerClass).getConstructor(Wiring.class).newInstance(wiring);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(handlerClass + " cannot be made from a Wiring", e);
    }
  }
}
