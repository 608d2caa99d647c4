package fairslot.local;

import fairslot.aws.AwsRetries;
import fairslot.definitions.Fairslot;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Provisioner;
import fairslot.emulator.SqsPoller;
import fairslot.emulator.StreamPoller;
import fairslot.handler.Adapters;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.Triggers;
import fairslot.handler.Wiring;
import fairslot.kernel.IdGenerator;
import fairslot.local.stripe.FakeStripe;
import fairslot.local.wechatpay.FakeWechatPay;
import fairslot.messaging.eventbridge.EventBridgePublisher;
import fairslot.messaging.notifications.ChannelSenders;
import fairslot.messaging.notifications.CodeChannels;
import fairslot.messaging.notifications.LocalNotificationSender;
import fairslot.messaging.payments.LocalPaymentProvider;
import fairslot.messaging.sqs.SqsBookingQueue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code ./fairslot local}: the emulator (or AWS_ENDPOINT_URL), the resources from the shared
 * definitions, and the HTTP API on 127.0.0.1:3000 (PORT overrides).
 */
public final class LocalRuntime implements AutoCloseable {
  public static final String DEFAULT_JWT_SECRET = "local-dev-secret";

  static {
    JdkHttpServer.tune(); // before the providers' fakes start the JDK's first server
  }

  private final LocalAws aws;
  private final DynamoDbClient dynamo;
  private final LocalHttpServer http;
  private final LocalScheduler scheduler;
  private final LocalPaymentProvider payments;
  private final List<AutoCloseable> pollers;
  private final SqsClient sqs;
  private final String bookingQueueUrl;
  private AwsEndpoint endpoint;
  private LocalProviders providers;

  private LocalRuntime(
      LocalAws aws,
      DynamoDbClient dynamo,
      LocalHttpServer http,
      LocalScheduler scheduler,
      LocalPaymentProvider payments,
      List<AutoCloseable> pollers,
      SqsClient sqs,
      String bookingQueueUrl) {
    this.sqs = sqs;
    this.bookingQueueUrl = bookingQueueUrl;
    this.aws = aws;
    this.dynamo = dynamo;
    this.http = http;
    this.scheduler = scheduler;
    this.payments = payments;
    this.pollers = pollers;
  }

  /** DynamoDB on moto, or on dynoxide when FAIRSLOT_DYNAMODB=dynoxide. */
  public static LocalRuntime start(Settings settings) {
    return start(settings, LocalDynamoDb.fromEnvironment());
  }

  public static LocalRuntime start(Settings settings, LocalDynamoDb dynamoDb) {
    // On this machine a webhook may go to http://127.0.0.1 (a receiver under test); never in AWS.
    System.setProperty("fairslot.webhooks.loopback", "true");
    LocalAws aws = LocalAws.start(dynamoDb);
    AwsEndpoint endpoint = aws.endpoint();
    DynamoDbClient dynamo = endpoint.dynamoDb(AwsRetries.overrides());
    EventBridgeClient events = endpoint.eventBridge(AwsRetries.overrides());
    SqsClient sqs = endpoint.sqs(AwsRetries.overrides());
    Provisioner.createTable(dynamo, settings.table());
    Provisioner.createEventBus(events, settings.bus());
    String waitlistQueue =
        Provisioner.createQueue(sqs, Fairslot.WAITLIST_QUEUE, settings.queuePrefix());
    String bookingQueue =
        Provisioner.createQueue(sqs, Fairslot.BOOKING_QUEUE, settings.queuePrefix());
    String bookingDlq =
        sqs.getQueueUrl(
                r ->
                    r.queueName(
                        settings.queuePrefix() + Fairslot.BOOKING_QUEUE.deadLetterNameWithSuffix()))
            .queueUrl();
    Provisioner.routeSeatReleased(events, sqs, settings.bus(), waitlistQueue);
    WebhookToSelf webhook = new WebhookToSelf();
    LocalPaymentProvider payments =
        new LocalPaymentProvider(
            webhook,
            settings.paymentSecret(),
            settings.clock(),
            settings.payments(),
            settings.paymentDelay());
    LocalChannels channels = LocalChannels.on(endpoint);
    LocalNotificationSender notifications =
        new LocalNotificationSender(new ChannelSenders(channels.email(), channels.sms()));
    // WeChat Pay's and Stripe's fakes; their notifications carry the runtime's time.
    LocalProviders fakes = new LocalProviders(settings.clock(), settings.port());
    Wiring wiring =
        new Wiring(
            dynamo,
            settings.table(),
            settings.clock(),
            IdGenerator.random(),
            new Adapters(
                new EventBridgePublisher(events, settings.bus()),
                payments,
                notifications,
                new SqsBookingQueue(sqs, bookingQueue),
                new CodeChannels(channels.email(), channels.sms()),
                fakes.wechatPay(),
                fakes.stripe()),
            Optional.of(settings.paymentSecret()));
    HttpApiHandler handler = new HttpApiHandler(wiring.httpApi());
    LocalScheduler scheduler = new LocalScheduler(wiring, settings.sweepEvery());
    SqsPoller waitlistPoller =
        new SqsPoller(
                sqs,
                waitlistQueue,
                Fairslot.WAITLIST_QUEUE.batchSize(),
                Triggers.queue(Fairslot.WAITLIST_QUEUE, wiring))
            .start(Duration.ofMillis(200));
    SqsPoller bookingPoller =
        new SqsPoller(
                sqs,
                bookingQueue,
                Fairslot.BOOKING_QUEUE.batchSize(),
                Triggers.queue(Fairslot.BOOKING_QUEUE, wiring))
            .start(Duration.ofMillis(100));
    SqsPoller dlqPoller =
        new SqsPoller(sqs, bookingDlq, 10, Triggers.deadLetters(Fairslot.BOOKING_QUEUE, wiring))
            .start(Duration.ofSeconds(1));
    // Every stream consumer the definitions name (seat audit, webhook events), as Lambda's.
    List<StreamPoller> streamPollers =
        Fairslot.STREAM_CONSUMERS.stream()
            .map(
                c ->
                    new StreamPoller(
                            dynamo,
                            endpoint.dynamoDbStreams(),
                            settings.table(),
                            c,
                            Triggers.stream(c, wiring))
                        .start(Duration.ofMillis(200)))
            .toList();
    try {
      LocalHttpServer http =
          new LocalHttpServer(
              "127.0.0.1",
              settings.port(),
              handler,
              new LocalAuthorizer(
                  new Hs256Jwt(settings.jwtSecret(), settings.clock()), wiring.member().sessions()),
              () -> tableIsActive(dynamo, settings.table()),
              scheduler,
              payments,
              notifications,
              aws.faults(),
              aws.mailbox(),
              fakes.controls());
      webhook.target(http.port());
      fakes.listening(http.port());
      LocalRuntime started =
          new LocalRuntime(
              aws,
              dynamo,
              http,
              scheduler,
              payments,
              Stream.<AutoCloseable>concat(
                      Stream.of(waitlistPoller, bookingPoller, dlqPoller), streamPollers.stream())
                  .toList(),
              sqs,
              bookingQueue);
      started.endpoint = endpoint;
      started.providers = fakes;
      return started;
    } catch (IOException e) {
      waitlistPoller.close();
      bookingPoller.close();
      dlqPoller.close();
      streamPollers.forEach(StreamPoller::close);
      scheduler.close();
      aws.close();
      throw new UncheckedIOException("cannot listen on 127.0.0.1:" + settings.port(), e);
    }
  }

  /** Where this runtime's AWS APIs are (the embedded emulator, or AWS_ENDPOINT_URL). */
  public AwsEndpoint endpoint() {
    return endpoint;
  }

  /** One line for the start banner: where each API is. */
  String describeAws() {
    return aws.describe();
  }

  public int port() {
    return http.port();
  }

  /** Booking requests still in the FIFO queue, waiting or in flight. */
  public int bookingMessagesInQueue() {
    var attributes =
        sqs.getQueueAttributes(
                r ->
                    r.queueUrl(bookingQueueUrl)
                        .attributeNamesWithStrings(
                            "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"))
            .attributesAsStrings();
    return Integer.parseInt(attributes.get("ApproximateNumberOfMessages"))
        + Integer.parseInt(attributes.get("ApproximateNumberOfMessagesNotVisible"));
  }

  /** The WeChat Pay fake this runtime pays through ({@code provider: "wechatpay"}). */
  public FakeWechatPay wechatPay() {
    return providers.wechatFake;
  }

  /** The Stripe fake this runtime pays through ({@code provider: "stripe"}). */
  public FakeStripe stripe() {
    return providers.stripeFake;
  }

  public LocalPaymentProvider payments() {
    return payments;
  }

  @Override
  public void close() {
    pollers.forEach(LocalRuntime::closeQuietly);
    scheduler.close();
    http.close();
    providers.close();
    dynamo.close();
    aws.close();
  }

  private static void closeQuietly(AutoCloseable poller) {
    try {
      poller.close();
    } catch (Exception ignored) {
      // stopping anyway
    }
  }

  private static boolean tableIsActive(DynamoDbClient dynamo, String table) {
    try {
      return dynamo
          .describeTable(r -> r.tableName(table))
          .table()
          .tableStatusAsString()
          .equals("ACTIVE");
    } catch (RuntimeException down) {
      return false;
    }
  }

  static Optional<String> env(String name) {
    return Optional.ofNullable(System.getenv(name)).filter(s -> !s.isBlank());
  }
}
