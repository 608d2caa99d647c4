package fairslot.chaos;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.aws.AwsRetries;
import fairslot.definitions.Fairslot;
import fairslot.definitions.ScheduleDefinition;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Provisioner;
import fairslot.handler.Adapters;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.Wiring;
import fairslot.kernel.IdGenerator;
import fairslot.local.JobHandlers;
import fairslot.local.MovableClock;
import fairslot.member.app.ContactCodeSender;
import fairslot.messaging.eventbridge.EventBridgePublisher;
import fairslot.messaging.payments.LocalPaymentProvider;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.messaging.sqs.SqsBookingQueue;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * One chaos run's world: a fresh table, bus and queues on the emulator, the real handlers wired as
 * in AWS (HTTP API, both queue consumers, the DLQ consumer, every scheduled job), a clock the run
 * moves, and a careful client that retries 503s with the same request and logs every answer.
 */
final class ChaosWorld implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String PAYMENT_SECRET = "chaos-payment-secret";

  final String table;
  final DynamoDbClient dynamo;
  final SqsClient sqs;
  final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T00:00:00Z"));
  final Wiring wiring;
  final HttpApiHandler api;
  final LocalPaymentProvider provider;

  /** WeChat Pay's fake and adapter: the run pays some bookings through it. */
  final ChaosWechat wechat;

  final String bookingDlqUrl;
  private final WebhookSignature signature = new WebhookSignature(PAYMENT_SECRET);
  private final ChaosConsumers consumers;
  private final Map<String, Supplier<Map<String, Object>>> jobs = new HashMap<>();

  /**
   * Every answer any client got: status counts, and the 5xx other than 503 throttled (violations).
   */
  final Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();

  final ConcurrentLinkedQueue<String> badAnswers = new ConcurrentLinkedQueue<>();

  /** Raw webhook bodies the provider sent, by paymentNo, so the run can replay them. */
  final Map<String, List<String>> webhooks = new ConcurrentHashMap<>();

  /** How often each notification delivery was handed to its channel: once each, or it is a bug. */
  final Map<String, Integer> deliveriesHanded = new ConcurrentHashMap<>();

  ChaosWorld(AwsEndpoint endpoint, String table) {
    System.setProperty("fairslot.webhooks.loopback", "true"); // the run's receiver is on loopback
    this.table = table;
    this.dynamo = endpoint.dynamoDb(AwsRetries.overrides());
    this.sqs = endpoint.sqs(AwsRetries.overrides());
    var events = endpoint.eventBridge(AwsRetries.overrides());
    Provisioner.createTable(dynamo, table);
    Provisioner.createEventBus(events, table);
    String bookingQueue = Provisioner.createQueue(sqs, Fairslot.BOOKING_QUEUE, table + "-");
    this.bookingDlqUrl =
        sqs.getQueueUrl(
                r -> r.queueName(table + "-" + Fairslot.BOOKING_QUEUE.deadLetterNameWithSuffix()))
            .queueUrl();
    String waitlistQueue = Provisioner.createQueue(sqs, Fairslot.WAITLIST_QUEUE, table + "-");
    Provisioner.routeSeatReleased(events, sqs, table, waitlistQueue);
    this.provider =
        new LocalPaymentProvider(
            (raw, headers) -> {
              String paymentNo = new Reply(200, raw).json().path("paymentNo").asText();
              webhooks.computeIfAbsent(paymentNo, k -> new CopyOnWriteArrayList<>()).add(raw);
              webhook(raw);
            },
            PAYMENT_SECRET,
            clock,
            LocalPaymentProvider.Mode.MANUAL,
            Duration.ZERO);
    this.wechat = new ChaosWechat(clock);
    this.wiring =
        new Wiring(
            dynamo,
            table,
            clock,
            IdGenerator.random(),
            new Adapters(
                new EventBridgePublisher(events, table),
                provider,
                delivery -> {
                  // Half the first tries fail (by the delivery's identity, so a run replays), so
                  // retries race too; the rest are handed over, and counted.
                  if (delivery.attempts() == 1 && Math.floorMod(delivery.id().hashCode(), 2) == 0) {
                    throw new IllegalStateException("chaos: this channel refuses a first try");
                  }
                  deliveriesHanded.merge(delivery.id().encode(), 1, Integer::sum);
                },
                new SqsBookingQueue(sqs, bookingQueue),
                ContactCodeSender.NONE,
                Optional.of(wechat.wechatPay),
                Optional.of(wechat.stripe)),
            Optional.of(PAYMENT_SECRET));
    this.api = new HttpApiHandler(wiring.httpApi());
    wechat.deliverTo(this);
    this.consumers =
        new ChaosConsumers(
            endpoint, dynamo, sqs, table, waitlistQueue, bookingQueue, bookingDlqUrl, wiring);
    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      jobs.put(schedule.name(), JobHandlers.handlerFor(schedule, wiring));
    }
  }

  /**
   * One call through the HTTP handler as a careful client makes it: 503 throttled is retried, same
   * request.
   */
  Reply call(
      String routeKey,
      Map<String, String> path,
      String user,
      String group,
      String body,
      String key) {
    APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
    event.setRouteKey(routeKey);
    event.setPathParameters(path);
    Map<String, String> headers = new HashMap<>();
    if (key != null) {
      headers.put("idempotency-key", key);
    }
    event.setHeaders(headers);
    event.setBody(body);
    if (user != null) {
      var jwt = new APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT();
      jwt.setClaims(Map.of("sub", user, "cognito:groups", "[" + group + "]"));
      var authorizer = new APIGatewayV2HTTPEvent.RequestContext.Authorizer();
      authorizer.setJwt(jwt);
      var context = new APIGatewayV2HTTPEvent.RequestContext();
      context.setAuthorizer(authorizer);
      event.setRequestContext(context);
    }
    return send(event, routeKey);
  }

  /** A calendar app fetching a feed: no token but the one in the address. */
  Reply feed(String token) {
    APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
    event.setRouteKey("GET /me/calendar.ics");
    event.setQueryStringParameters(Map.of("token", token));
    return send(event, "GET /me/calendar.ics");
  }

  /** The provider's webhook, signed now; retried on 503 like a provider would. */
  Reply webhook(String raw) {
    long ts = clock.instant().getEpochSecond();
    APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
    event.setRouteKey("POST /payments/callback");
    event.setHeaders(
        Map.of(
            WebhookSignature.TIMESTAMP_HEADER.toLowerCase(),
            Long.toString(ts),
            WebhookSignature.SIGNATURE_HEADER.toLowerCase(),
            signature.sign(ts, raw)));
    event.setBody(raw);
    return send(event, "POST /payments/callback");
  }

  /** A WeChat Pay notification as the fake sent it; WeChat retries a 503 (a busy booking). */
  Reply wechatNotify(Map<String, String> headers, String raw) {
    return providerNotify("POST /payments/wechatpay/notify", headers, raw);
  }

  /** A provider's notification to its route, retried on 503 as the providers retry. */
  Reply providerNotify(String route, Map<String, String> headers, String raw) {
    APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
    event.setRouteKey(route);
    Map<String, String> lower = new HashMap<>();
    headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
    event.setHeaders(lower);
    event.setBody(raw);
    return send(event, route);
  }

  private Reply send(APIGatewayV2HTTPEvent event, String what) {
    return retrying(
        () -> {
          APIGatewayV2HTTPResponse r = api.handleRequest(event, null);
          return new Reply(r.getStatusCode(), r.getBody());
        },
        what);
  }

  private Reply retrying(Supplier<Reply> send, String what) {
    Reply reply = send.get();
    for (int attempt = 1; reply.status() == 503 && attempt < 40; attempt++) {
      note(reply, what);
      ChaosThreads.pause(10 + ThreadLocalRandom.current().nextInt(100));
      reply = send.get();
    }
    note(reply, what);
    return reply;
  }

  private void note(Reply reply, String what) {
    statuses.computeIfAbsent(reply.status(), s -> new AtomicLong()).incrementAndGet();
    boolean throttled = reply.status() == 503 && "throttled".equals(reply.text("code"));
    if (reply.status() >= 500 && !throttled) {
      badAnswers.add(what + " -> " + reply.status() + " " + reply.body());
    }
  }

  long fiveHundreds() {
    return badAnswers.size();
  }

  /**
   * Runs one scheduled job now; a job that fails (faults) is simply run again later, as the
   * schedule would.
   */
  Optional<Map<String, Object>> runJob(String name) {
    try {
      return Optional.of(jobs.get(name).get());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Sends every notification still due: time moves past any claim's lease, and the job runs until a
   * run finds nothing due (a run the faults broke is run again, as the schedule would).
   */
  void drainNotifications() {
    for (int run = 0; run < 12; run++) {
      clock.advance(Duration.ofMinutes(3));
      // Two runs at once, as a slow run and the next minute's would overlap.
      var other = CompletableFuture.supplyAsync(() -> runJob("send-notifications"));
      Optional<Map<String, Object>> report = runJob("send-notifications");
      Optional<Map<String, Object>> second = other.join();
      if (report.isPresent()
          && second.isPresent()
          && ((Number) report.get().get("due")).intValue() == 0
          && ((Number) second.get().get("due")).intValue() == 0) {
        return;
      }
    }
  }

  void deliverWebhookChanges() {
    consumers.webhookChanges();
  }

  int deliverSeatReleased() {
    return consumers.seatReleased();
  }

  int deliverBookingRequests() {
    return consumers.bookingRequests();
  }

  int drainDlq() {
    return consumers.deadLetters();
  }

  /** Records every seat change the table stream holds so far (the seat audit under faults). */
  void deliverSeatChanges() {
    consumers.seatChanges();
  }

  @Override
  public void close() {
    consumers.close();
    wechat.close();
  }
}
