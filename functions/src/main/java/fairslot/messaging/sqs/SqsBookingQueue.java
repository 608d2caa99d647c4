package fairslot.messaging.sqs;

import fairslot.aws.Lazily;
import fairslot.aws.Resilient;
import fairslot.booking.app.BookingQueue;
import fairslot.booking.domain.BookingRequest;
import fairslot.shared.RequestContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The booking FIFO queue: one message group per slot, so a slot's requests are decided in arrival
 * order.
 */
public final class SqsBookingQueue implements BookingQueue {
  /**
   * The API request that queued the booking request, for the consumer's log and metric lines (read
   * back by the handler's MessageOrigin).
   */
  public static final String REQUEST_ID_ATTRIBUTE = "requestId";

  private final Supplier<SqsClient> sqs;
  private final String queueUrl;

  public SqsBookingQueue(SqsClient sqs, String queueUrl) {
    this(() -> sqs, queueUrl);
  }

  /** The client is made on the first request queued: only QUEUED slots need it. */
  public SqsBookingQueue(Supplier<SqsClient> sqs, String queueUrl) {
    this.sqs = Lazily.of(() -> Resilient.sqs(sqs.get()));
    this.queueUrl = queueUrl;
  }

  @Override
  public void enqueue(BookingRequest request, String deduplicationId) {
    sqs.get()
        .sendMessage(
            r ->
                r.queueUrl(queueUrl)
                    .messageGroupId(request.slotId())
                    .messageDeduplicationId(sha256(deduplicationId))
                    .messageBody("{\"requestId\":\"" + request.requestId() + "\"}")
                    .messageAttributes(
                        RequestContext.current()
                            .map(
                                id ->
                                    Map.of(
                                        REQUEST_ID_ATTRIBUTE,
                                        software.amazon.awssdk.services.sqs.model
                                            .MessageAttributeValue.builder()
                                            .dataType("String")
                                            .stringValue(id)
                                            .build()))
                            .orElse(Map.of())));
  }

  /** SQS dedup ids are at most 128 characters of a limited alphabet; a digest always fits. */
  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
