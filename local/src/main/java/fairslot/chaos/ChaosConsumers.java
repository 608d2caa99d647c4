package fairslot.chaos;

import fairslot.definitions.Fairslot;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.SqsPoller;
import fairslot.emulator.StreamPoller;
import fairslot.handler.Triggers;
import fairslot.handler.Wiring;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The run's queue and stream consumers, as Lambda runs them: the waitlist and booking queues, the
 * booking DLQ, and the seat audit read from the table's stream during the play.
 */
final class ChaosConsumers implements AutoCloseable {
  /** Longer than any stream_delay_ms the chaos plays under. */
  private static final long STREAM_SETTLE_MS = 400;

  private final SqsPoller waitlist;
  private final SqsPoller bookings;
  private final SqsPoller deadLetters;

  /** Every stream consumer of the definitions, by name, started as in AWS. */
  private final Map<String, StreamPoller> streams = new LinkedHashMap<>();

  ChaosConsumers(
      AwsEndpoint endpoint,
      DynamoDbClient dynamo,
      SqsClient sqs,
      String table,
      String waitlistQueue,
      String bookingQueue,
      String bookingDlqUrl,
      Wiring wiring) {
    this.waitlist =
        new SqsPoller(
                sqs,
                waitlistQueue,
                Fairslot.WAITLIST_QUEUE.batchSize(),
                Triggers.queue(Fairslot.WAITLIST_QUEUE, wiring))
            .retryFailuresAfter(Duration.ZERO);
    this.bookings =
        new SqsPoller(
                sqs,
                bookingQueue,
                Fairslot.BOOKING_QUEUE.batchSize(),
                Triggers.queue(Fairslot.BOOKING_QUEUE, wiring))
            .retryFailuresAfter(Duration.ZERO);
    this.deadLetters =
        new SqsPoller(sqs, bookingDlqUrl, 10, Triggers.deadLetters(Fairslot.BOOKING_QUEUE, wiring));
    for (var consumer : Fairslot.STREAM_CONSUMERS) {
      StreamPoller poller =
          new StreamPoller(
              dynamo,
              endpoint.dynamoDbStreams(),
              table,
              consumer,
              Triggers.stream(consumer, wiring));
      // Read during the play as Lambda does, so stream_delay_ms and stream_dup meet the consumers.
      poller.start(Duration.ofMillis(100));
      streams.put(consumer.name(), poller);
    }
  }

  int seatReleased() {
    return drain(waitlist);
  }

  int bookingRequests() {
    return drain(bookings);
  }

  int deadLetters() {
    return drain(deadLetters);
  }

  void seatChanges() {
    settle(streams.get(Fairslot.SEAT_AUDIT.name()));
  }

  void webhookChanges() {
    settle(streams.get(Fairslot.WEBHOOK_EVENTS.name()));
  }

  private static void settle(StreamPoller stream) {
    // A read that finds nothing proves nothing while records may be held back (stream_delay_ms):
    // it is over when a read after a pause longer than any delay finds nothing either.
    stream.drain();
    do {
      try {
        Thread.sleep(STREAM_SETTLE_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    } while (stream.drain() > 0);
  }

  private static int drain(SqsPoller poller) {
    try {
      return poller.drain();
    } catch (RuntimeException faultBetweenPolls) {
      return 1; // the messages are still there: the caller drains again
    }
  }

  @Override
  public void close() {
    waitlist.close();
    bookings.close();
    deadLetters.close();
    streams.values().forEach(StreamPoller::close);
  }
}
