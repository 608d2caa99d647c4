package fairslot.handler;

import fairslot.aws.AwsRetries;
import fairslot.definitions.Fairslot;
import fairslot.member.app.ContactCodeSender;
import fairslot.messaging.notifications.ChannelSenders;
import fairslot.messaging.notifications.CodeChannels;
import fairslot.messaging.notifications.SesEmailSender;
import fairslot.messaging.notifications.SnsSmsSender;
import fairslot.notification.app.NotificationSender;
import java.util.Optional;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.client.builder.SdkClientBuilder;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sesv2.SesV2Client;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * The AWS clients a function's environment uses, each under the one retry policy, and its senders.
 */
final class AwsSenders {
  private AwsSenders() {}

  /** A client on the shared URL-connection HTTP client, with fairslot's retry overrides. */
  static <B extends AwsSyncClientBuilder<B, C> & SdkClientBuilder<B, C>, C> C withRetries(
      B builder, UrlConnectionHttpClient.Builder http) {
    return builder.httpClient(http.build()).overrideConfiguration(AwsRetries.overrides()).build();
  }

  /**
   * SES e-mail from the stack's sender identity and SNS SMS; their clients are made on the first
   * send, so only the functions that send (granted them) ever make them.
   */
  static NotificationSender notificationChannels(UrlConnectionHttpClient.Builder http) {
    return new ChannelSenders(email(http), sms(http));
  }

  /**
   * Verification codes go out from the HTTP API at once (a code that waits for the next
   * send-notifications run is no use).
   */
  static ContactCodeSender codeChannels(UrlConnectionHttpClient.Builder http) {
    return new CodeChannels(email(http), sms(http));
  }

  static SesEmailSender email(UrlConnectionHttpClient.Builder http) {
    return new SesEmailSender(
        () -> withRetries(SesV2Client.builder(), http),
        Optional.ofNullable(System.getenv(Fairslot.EMAIL_FROM_ENV))
            .filter(s -> !s.isBlank())
            .orElse(""));
  }

  static SnsSmsSender sms(UrlConnectionHttpClient.Builder http) {
    return new SnsSmsSender(() -> withRetries(SnsClient.builder(), http));
  }
}
