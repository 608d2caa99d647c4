package fairslot.handler;

import fairslot.aws.Lazily;
import fairslot.aws.Secrets;
import fairslot.booking.app.BookingQueue;
import fairslot.definitions.Fairslot;
import fairslot.handler.internal.SnapStartPriming;
import fairslot.kernel.IdGenerator;
import fairslot.messaging.eventbridge.EventBridgePublisher;
import fairslot.messaging.payments.AwaitingProvider;
import fairslot.messaging.sqs.SqsBookingQueue;
import fairslot.messaging.stripe.StripeConfig;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.messaging.wechatpay.WechatPayConfig;
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
    DynamoDbClient dynamo = AwsSenders.withRetries(DynamoDbClient.builder(), http);
    // The EventBridge and SQS clients are made on first use (most requests need neither), and
    // before the snapshot when SnapStart primes, so a restored sandbox has them ready.
    Supplier<EventBridgeClient> events =
        Lazily.of(() -> AwsSenders.withRetries(EventBridgeClient.builder(), http));
    Supplier<SqsClient> sqs = Lazily.of(() -> AwsSenders.withRetries(SqsClient.builder(), http));
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
    // Every function: its clients' first calls before the snapshot.
    SnapStartPriming.beforeSnapshot(events::get);
    if (env(Fairslot.BOOKING_QUEUE_URL_ENV).isPresent()) {
      SnapStartPriming.beforeSnapshot(sqs::get);
    }
    SnapStartPriming.beforeSnapshot(() -> primeTable(dynamo, table));
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
            AwsSenders.notificationChannels(http),
            queue,
            AwsSenders.codeChannels(http),
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

  /** The DynamoDB client's first call (TLS, signing, marshalling), on an item nobody writes. */
  private static void primeTable(DynamoDbClient dynamo, String table) {
    dynamo.getItem(
        r ->
            r.tableName(table)
                .key(
                    Map.of(
                        "PK",
                        AttributeValue.fromS("PRIMING"),
                        "SK",
                        AttributeValue.fromS("PRIMING"))));
  }

  static String tableName() {
    return env(Fairslot.TABLE_ENV).orElse(Fairslot.TABLE.defaultName());
  }

  private static Optional<String> env(String name) {
    return Optional.ofNullable(System.getenv(name)).filter(s -> !s.isBlank());
  }
}
