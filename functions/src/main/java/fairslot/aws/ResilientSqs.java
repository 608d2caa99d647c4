package fairslot.aws;

import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.SqsServiceClientConfiguration;
import software.amazon.awssdk.services.sqs.model.SendMessageRequest;
import software.amazon.awssdk.services.sqs.model.SendMessageResponse;

/**
 * The SQS client the booking queue is given: sending, through {@link Resilient#call} (the consumers
 * receive from Lambda's event source mapping, not from this client).
 */
final class ResilientSqs implements SqsClient {
  private final SqsClient client;

  ResilientSqs(SqsClient client) {
    this.client = client;
  }

  @Override
  public SendMessageResponse sendMessage(SendMessageRequest request) {
    return Resilient.call("sendMessage", () -> client.sendMessage(request));
  }

  @Override
  public SqsServiceClientConfiguration serviceClientConfiguration() {
    return client.serviceClientConfiguration();
  }

  @Override
  public String serviceName() {
    return client.serviceName();
  }

  @Override
  public void close() {
    client.close();
  }
}
