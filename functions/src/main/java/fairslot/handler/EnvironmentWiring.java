package fairslot.handler;

import fairslot.aws.AwsRetries;
import fairslot.aws.Lazily;
import fairslot.aws.Secrets;
import fairslot.booking.app.BookingQueue;
import fairslot.definitions.Fairslot;
import fairslot.handler.internal.SnapStartPriming;
import fairslot.kernel.IdGenerator;
import fairslot.member.app.ContactCodeSender;
import fairslot.messaging.eventbridge.EventBridgePublisher;
import fairslot.messaging.notifications.ChannelSenders;
import fairslot.messaging.notifications.CodeChannels;
import fairslot.messaging.notifications.SesEmailSender;
import fairslot.messaging.notifications.SnsSmsSender;
import fairslot.messaging.payments.AwaitingProvider;
import fairslot.messaging.sqs.SqsBookingQueue;
import fairslot.messaging.stripe.StripeConfig;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.messaging.wechatpay.WechatPayConfig;
import fairslot.notification.app.NotificationSender;
import fairslot.payment.app.PaymentProvider;
import fairslot.table.Cursors;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.sesv2.SesV2Client;
import software.amazon.awssdk.services.sns.SnsClient;
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
    Supplier<EventBridgeClient> events =
        Lazily.of(
            () ->
                EventBridgeClient.builder()
                    .httpClient(http.build())
                    .overrideConfiguration(AwsRetries.overrides())
                    .build());
    Supplier<SqsClient> sqs =
        Lazily.of(
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
    Cursors.loadKey();
    // Every function: the DynamoDB client's first call (TLS, signing, marshalling) before the
    // snapshot.
    SnapStartPriming.beforeSnapshot(events::get);
    if (env(Fairslot.BOOKING_QUEUE_URL_ENV).isPresent()) {
      SnapStartPriming.beforeSnapshot(sqs::get);
    }
    SnapStartPriming.beforeSnapshot(
        () ->
            dynamo.getItem(
                r ->
                    r.tableName(table)
                        .key(
                            Map.of(
                                "PK",
                                AttributeValue.fromS("PRIMING"),
                                "SK",
                                AttributeValue.fromS("PRIMING")))));
    Optional<WechatPay> wechatPay = wechatPay(Clock.systemUTC());
    return new Wiring(
        dynamo,
        table,
        Clock.systemUTC(),
        IdGenerator.random(),
        new Adapters(
            new EventBridgePublisher(
                events, env(Fairslot.EVENT_BUS_ENV).orElse(Fairslot.EVENT_BUS)),
            // The deployment's default provider: WeChat Pay once its secret is configured.
            wechatPay.<PaymentProvider>map(WechatPay::provider).orElseGet(AwaitingProvider::new),
            notificationChannels(http),
            queue,
            codeChannels(http),
            wechatPay,
            Secrets.read(System.getenv(), STRIPE_SECRET_ENV, 2, Secrets.secretsManager())
                .flatMap(StripeConfig::fromSecret)),
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
  static Optional<WechatPay> wechatPay(Clock clock) {
    return Secrets.read(System.getenv(), WECHATPAY_SECRET_ENV, 2, Secrets.secretsManager())
        .flatMap(WechatPayConfig::fromSecret)
        .map(config -> WechatPay.of(config, clock));
  }

  static final String WECHATPAY_SECRET_ENV = "FAIRSLOT_WECHATPAY_SECRET";

  /** Stripe's secret: {@code {"secretKey":"sk_...","webhookSecret":"whsec_..."}} once set. */
  static final String STRIPE_SECRET_ENV = "FAIRSLOT_STRIPE_SECRET";

  /**
   * SES e-mail from the stack's sender identity and SNS SMS; their clients are made on the first
   * send, so only the functions that send (granted them) ever make them.
   */
  private static NotificationSender notificationChannels(UrlConnectionHttpClient.Builder http) {
    return new ChannelSenders(email(http), sms(http));
  }

  /**
   * Verification codes go out from the HTTP API at once (a code that waits for the next
   * send-notifications run is no use).
   */
  private static ContactCodeSender codeChannels(UrlConnectionHttpClient.Builder http) {
    return new CodeChannels(email(http), sms(http));
  }

  private static SesEmailSender email(UrlConnectionHttpClient.Builder http) {
    return new SesEmailSender(
        () ->
            SesV2Client.builder()
                .httpClient(http.build())
                .overrideConfiguration(AwsRetries.overrides())
                .build(),
        env(Fairslot.EMAIL_FROM_ENV).orElse(""));
  }

  private static SnsSmsSender sms(UrlConnectionHttpClient.Builder http) {
    return new SnsSmsSender(
        () ->
            SnsClient.builder()
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
