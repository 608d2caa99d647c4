package fairslot.testing;

import fairslot.aws.AwsRetries;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Emulator;
import fairslot.emulator.Provisioner;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The AWS endpoint integration tests run against: AWS_ENDPOINT_URL if set; a LocalStack container
 * if FAIRSLOT_EMULATOR (or -Dfairslot.emulator) is {@code localstack}; otherwise one embedded moto
 * emulator for the whole test JVM. Each test class gets its own table, so classes never see each
 * other's items.
 */
public final class Aws {
  private static AwsEndpoint endpoint;
  private static DynamoDbClient dynamo;

  private Aws() {}

  public static synchronized AwsEndpoint endpoint() {
    if (endpoint == null) {
      String which =
          System.getProperty(
              "fairslot.emulator", System.getenv().getOrDefault("FAIRSLOT_EMULATOR", "moto"));
      endpoint =
          AwsEndpoint.fromEnvironment()
              .orElseGet(
                  () -> {
                    if (which.equals("localstack")) {
                      return LocalStack.start();
                    }
                    Emulator emulator = Emulator.start();
                    Runtime.getRuntime().addShutdownHook(new Thread(emulator::close));
                    return emulator.endpoint();
                  });
    }
    return endpoint;
  }

  public static synchronized DynamoDbClient dynamo() {
    if (dynamo == null) {
      dynamo = endpoint().dynamoDb(AwsRetries.overrides());
    }
    return dynamo;
  }

  private static software.amazon.awssdk.services.eventbridge.EventBridgeClient events;
  private static software.amazon.awssdk.services.sqs.SqsClient sqs;

  public static synchronized software.amazon.awssdk.services.eventbridge.EventBridgeClient
      events() {
    if (events == null) {
      events = endpoint().eventBridge(AwsRetries.overrides());
    }
    return events;
  }

  public static synchronized software.amazon.awssdk.services.sqs.SqsClient sqs() {
    if (sqs == null) {
      sqs = endpoint().sqs(AwsRetries.overrides());
    }
    return sqs;
  }

  private static software.amazon.awssdk.services.sesv2.SesV2Client ses;
  private static software.amazon.awssdk.services.sns.SnsClient sns;

  /** SES v2, with the local sender identity verified (once per endpoint). */
  public static synchronized software.amazon.awssdk.services.sesv2.SesV2Client ses() {
    if (ses == null) {
      ses = endpoint().sesV2(AwsRetries.overrides());
      Provisioner.verifyEmailSender(ses, fairslot.definitions.Fairslot.LOCAL_EMAIL_FROM);
    }
    return ses;
  }

  public static synchronized software.amazon.awssdk.services.sns.SnsClient sns() {
    if (sns == null) {
      sns = endpoint().sns(AwsRetries.overrides());
    }
    return sns;
  }

  /** The emulator's SES and SNS, as the send-notifications function reaches them in AWS. */
  public static fairslot.notification.app.NotificationSender channels() {
    return new fairslot.messaging.notifications.ChannelSenders(
        new fairslot.messaging.notifications.SesEmailSender(
            Aws::ses, fairslot.definitions.Fairslot.LOCAL_EMAIL_FROM),
        new fairslot.messaging.notifications.SnsSmsSender(Aws::sns));
  }

  /** Verification codes by the emulator's SES and SNS, as the HTTP API sends them in AWS. */
  public static fairslot.member.app.ContactCodeSender codeChannels() {
    return new fairslot.messaging.notifications.CodeChannels(
        new fairslot.messaging.notifications.SesEmailSender(
            Aws::ses, fairslot.definitions.Fairslot.LOCAL_EMAIL_FROM),
        new fairslot.messaging.notifications.SnsSmsSender(Aws::sns));
  }

  private static DynamoDbClient second;

  /**
   * The second, independent DynamoDB (dynoxide, {@link fairslot.emulator.Dynoxide}): one per test
   * JVM, the storage contracts run on it as on moto. Only DynamoDB: streams, SQS and the rest stay
   * on {@link #endpoint()}.
   */
  public static synchronized DynamoDbClient dynoxide() {
    if (second == null) {
      second = fairslot.emulator.Dynoxide.start().endpoint().dynamoDb(AwsRetries.overrides());
    }
    return second;
  }

  /** A fresh table of fairslot's shape on dynoxide. */
  public static String freshDynoxideTable(String prefix) {
    String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    Provisioner.createTable(dynoxide(), name);
    return name;
  }

  public static String freshTable(String prefix) {
    String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    Provisioner.createTable(dynamo(), name);
    return name;
  }
}
