package fairslot.handler;

import fairslot.aws.AwsRetries;
import fairslot.aws.Secrets;
import fairslot.booking.app.BookingQueue;
import fairslot.definitions.Fairslot;
import fairslot.kernel.IdGenerator;
import fairslot.messaging.eventbridge.EventBridgePublisher;
import fairslot.messaging.payments.AwaitingProvider;
import fairslot.messaging.sqs.SqsBookingQueue;
import fairslot.notification.app.NotificationSender;
import java.time.Clock;
import java.util.Optional;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The Lambda side of {@link Wiring}: the AWS clients, senders and secrets a function's environment
 * names, made once per container at init (before a SnapStart snapshot).
 */
final class EnvironmentWiring {
  private EnvironmentWiring() {}

  /** Region, credentials and AWS_ENDPOINT_URL come from the standard SDK environment. */
  static Wiring build() {
    UrlConnectionHttpClient.Builder http = UrlConnectionHttpClient.builder();
    DynamoDbClient dynamo =
        DynamoDbClient.builder()
            .httpClient(http.build())
            .overrideConfiguration(AwsRetries.overrides())
            .build();
    // The EventBridge and SQS clients are made on first use (most requests need neither), and
    // before the snapshot when SnapStart primes, so a restored sandbox has them ready.
    java.util.function.Supplier<EventBridgeClient> events =
        fairslot.aws.Lazily.of(
            () ->
                EventBridgeClient.builder()
                    .httpClient(http.build())
                    .overrideConfiguration(AwsRetries.overrides())
                    .build());
    java.util.function.Supplier<SqsClient> sqs =
        fairslot.aws.Lazily.of(
            () ->
                SqsClient.builder()
                    .httpClient(http.build())
                    .overrideConfiguration(AwsRetries.overrides())
                    .build());
    BookingQueue queue =
        env(Fairslot.BOOKING_QUEUE_URL_ENV)
            .<BookingQueue>map(url -> new SqsBookingQueue(sqs, url))
            .orElse(
                (request, dedup) -> {
                  throw new IllegalStateException(Fairslot.BOOKING_QUEUE_URL_ENV + " is not set");
                });
    String table = tableName();
    // Both secrets load now, at init (before a SnapStart snapshot), so a missing grant fails the
    // deploy's first request loudly instead of one list or webhook later.
    fairslot.table.Cursors.loadKey();
    // Every function: the DynamoDB client's first call (TLS, signing, marshalling) before the
    // snapshot.
    fairslot.handler.internal.SnapStartPriming.beforeSnapshot(events::get);
    if (env(Fairslot.BOOKING_QUEUE_URL_ENV).isPresent()) {
      fairslot.handler.internal.SnapStartPriming.beforeSnapshot(sqs::get);
    }
    fairslot.handler.internal.SnapStartPriming.beforeSnapshot(
        () ->
            dynamo.getItem(
                r ->
                    r.tableName(table)
                        .key(
                            java.util.Map.of(
                                "PK",
                                software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(
                                    "PRIMING"),
                                "SK",
                                software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(
                                    "PRIMING")))));
    Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay = wechatPay(Clock.systemUTC());
    return new Wiring(
        dynamo,
        table,
        Clock.systemUTC(),
        IdGenerator.random(),
        new Adapters(
            new EventBridgePublisher(
                events, env(Fairslot.EVENT_BUS_ENV).orElse(Fairslot.EVENT_BUS)),
            // The deployment's default provider: WeChat Pay once its secret is configured.
            wechatPay
                .<fairslot.payment.app.PaymentProvider>map(
                    fairslot.messaging.wechatpay.WechatPay::provider)
                .orElseGet(AwaitingProvider::new),
            notificationChannels(http),
            queue,
            codeChannels(http),
            wechatPay,
            Secrets.read(System.getenv(), STRIPE_SECRET_ENV, 2, Secrets.secretsManager())
                .flatMap(fairslot.messaging.stripe.StripeConfig::fromSecret)),
        Secrets.read(
            System.getenv(),
            Wiring.PAYMENT_SECRET_ENV,
            Secrets.MIN_LENGTH,
            Secrets.secretsManager()));
  }

  /**
   * WeChat Pay, when this function is granted its secret and the secret is configured (the stack
   * creates it as {@code {"enabled": false}}). A secret that is set but unreadable or incomplete
   * fails init: fail closed, never a payment taken with half a configuration.
   */
  static Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay(Clock clock) {
    return Secrets.read(System.getenv(), WECHATPAY_SECRET_ENV, 2, Secrets.secretsManager())
        .flatMap(fairslot.messaging.wechatpay.WechatPayConfig::fromSecret)
        .map(config -> fairslot.messaging.wechatpay.WechatPay.of(config, clock));
  }

  static final String WECHATPAY_SECRET_ENV = "FAIRSLOT_WECHATPAY_SECRET";

  /** Stripe's secret: {@code {"secretKey":"sk_...","webhookSecret":"whsec_..."}} once set. */
  static final String STRIPE_SECRET_ENV = "FAIRSLOT_STRIPE_SECRET";

  /**
   * SES e-mail from the stack's sender identity and SNS SMS; their clients are made on the first
   * send, so only the functions that send (granted them) ever make them.
   */
  private static NotificationSender notificationChannels(UrlConnectionHttpClient.Builder http) {
    return new fairslot.messaging.notifications.ChannelSenders(email(http), sms(http));
  }

  /**
   * Verification codes go out from the HTTP API at once (a code that waits for the next
   * send-notifications run is no use).
   */
  private static fairslot.member.app.ContactCodeSender codeChannels(
      UrlConnectionHttpClient.Builder http) {
    return new fairslot.messaging.notifications.CodeChannels(email(http), sms(http));
  }

  private static fairslot.messaging.notifications.SesEmailSender email(
      UrlConnectionHttpClient.Builder http) {
    return new fairslot.messaging.notifications.SesEmailSender(
        () ->
            software.amazon.awssdk.services.sesv2.SesV2Client.builder()
                .httpClient(http.build())
                .overrideConfiguration(AwsRetries.overrides())
                .build(),
        env(Fairslot.EMAIL_FROM_ENV).orElse(""));
  }

  private static fairslot.messaging.notifications.SnsSmsSender sms(
      UrlConnectionHttpClient.Builder http) {
    return new fairslot.messaging.notifications.SnsSmsSender(
        () ->
            software.amazon.awssdk.services.sns.SnsClient.builder()
                .httpClient(http.build())
                .overrideConfiguration(AwsRetries.overrides())
                .build());
  }

  static String tableName() {
    return env(Fairslot.TABLE_ENV).orElse(Fairslot.TABLE.defaultName());
  }

  private static Optional<String> env(String name) {
    return Optional.ofNullable(System.getenv(name)).filter(s -> !s.isBlank());
  }
}
