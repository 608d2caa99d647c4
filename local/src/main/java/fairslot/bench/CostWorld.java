package fairslot.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import fairslot.aws.AwsRetries;
import fairslot.catalog.app.SeatReleased;
import fairslot.definitions.Fairslot;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Provisioner;
import fairslot.emulator.StreamPoller;
import fairslot.handler.Adapters;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.ScheduledJobHandler;
import fairslot.handler.Triggers;
import fairslot.handler.Wiring;
import fairslot.kernel.IdGenerator;
import fairslot.local.MovableClock;
import fairslot.member.domain.Channel;
import fairslot.messaging.payments.LocalPaymentProvider;
import fairslot.shared.Json;
import fairslot.shared.Output;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The functions wired as AWS runs them, on the emulator, with every billable thing they do counted:
 * DynamoDB calls and request units ({@link CostMeter}), Lambda invocations and their durations by
 * function, API Gateway requests, events, queue messages, e-mails and SMS, and the log bytes they
 * write. The payment provider answers only when told ({@link #report}); the waitlist queue is
 * drained by hand ({@link #drainEvents}), the seat stream by {@link #drainStream}.
 */
final class CostWorld implements AutoCloseable {
  /** Invocations and milliseconds of one function, billed at its memory (infra's FairslotStack). */
  static final class Lambda {
    final int memoryMb;
    final AtomicLong invocations = new AtomicLong();
    final AtomicLong micros = new AtomicLong();

    Lambda(int memoryMb) {
      this.memoryMb = memoryMb;
    }
  }

  private static final Pattern CODE = Pattern.compile("\\b(\\d{6})\\b");

  final MovableClock clock;
  final CostMeter meter;
  final Map<String, Lambda> lambdas = new LinkedHashMap<>();
  final Map<Channel, AtomicLong> deliveries = new ConcurrentHashMap<>();
  final AtomicLong apiRequests = new AtomicLong();
  final AtomicLong events = new AtomicLong();
  final AtomicLong waitlistMessages = new AtomicLong();
  final AtomicLong streamRecords = new AtomicLong();
  final AtomicLong logBytes = new AtomicLong();
  final Map<String, String> lastCode = new ConcurrentHashMap<>();

  /** Each custom metric (namespace, name and dimension values) an EMF line has written. */
  final Set<String> metrics = ConcurrentHashMap.newKeySet();

  private final ConcurrentLinkedQueue<SeatReleased> released = new ConcurrentLinkedQueue<>();
  private final LocalPaymentProvider provider;
  private final HttpApiHandler http;
  private final ScheduledJobHandler jobs;
  private final Function<SQSEvent, ?> waitlist;
  private final StreamPoller seatStream;
  private final String secret = "cost-secret";
  private final AutoCloseable lines;
  private final DynamoDbClient dynamo;

  CostWorld(AwsEndpoint endpoint, String table, Instant now) {
    clock = new MovableClock(now);
    DynamoDbClient uncounted = endpoint.dynamoDb();
    meter = new CostMeter(new WriteUnits(uncounted));
    dynamo =
        endpoint.dynamoDb(
            AwsRetries.overrides().toBuilder().addExecutionInterceptor(meter).build());
    Provisioner.createTable(uncounted, table);
    lambdas.put("HttpApi", new Lambda(1024));
    lambdas.put("ScheduledJob", new Lambda(512));
    lambdas.put("WaitlistQueue", new Lambda(512));
    lambdas.put("SeatAudit", new Lambda(512));
    provider =
        new LocalPaymentProvider(
            this::webhook, secret, clock, LocalPaymentProvider.Mode.MANUAL, Duration.ZERO);
    Wiring wiring =
        new Wiring(
            dynamo,
            table,
            clock,
            IdGenerator.random(),
            new Adapters(
                released::add,
                provider,
                d ->
                    deliveries
                        .computeIfAbsent(d.channel(), c -> new AtomicLong())
                        .incrementAndGet(),
                (request, dedup) -> {
                  throw new IllegalStateException("the cost journey books DIRECT slots only");
                },
                (channel, address, text) -> {
                  deliveries.computeIfAbsent(channel, c -> new AtomicLong()).incrementAndGet();
                  Matcher m = CODE.matcher(text.body());
                  if (m.find()) {
                    lastCode.put(address, m.group(1));
                  }
                }),
            Optional.of(secret));
    http = new HttpApiHandler(wiring.httpApi());
    jobs = new ScheduledJobHandler(wiring);
    waitlist = Triggers.queue(Fairslot.WAITLIST_QUEUE, wiring);
    var audit = Triggers.stream(Fairslot.SEAT_AUDIT, wiring);
    seatStream =
        new StreamPoller(
            uncounted,
            endpoint.dynamoDbStreams(),
            table,
            Fairslot.SEAT_AUDIT,
            batch -> {
              streamRecords.addAndGet(batch.getRecords().size());
              return timed("SeatAudit", () -> audit.apply(batch));
            });
    lines =
        Output.listen(
            line -> {
              logBytes.addAndGet(line.getBytes(StandardCharsets.UTF_8).length + 1);
              if (line.startsWith("{\"_aws\"")) {
                metrics.addAll(EmfMetrics.of(line));
              }
            });
  }

  /** One HTTP API request: API Gateway, then one invocation of the HTTP function. */
  APIGatewayV2HTTPResponse call(
      String routeKey,
      Map<String, String> path,
      Map<String, String> query,
      String body,
      String user,
      String group) {
    return send(HandlerCalls.event(routeKey, path, query, body, user, group));
  }

  private APIGatewayV2HTTPResponse send(APIGatewayV2HTTPEvent event) {
    apiRequests.incrementAndGet();
    return timed("HttpApi", () -> http.handleRequest(event, null));
  }

  Map<String, Object> job(String name) {
    return timed("ScheduledJob", () -> jobs.run(name));
  }

  /** The provider's notification of a payment's outcome, signed as the provider signs it. */
  boolean report(String paymentNo, String status) {
    return provider.report(paymentNo, status);
  }

  private void webhook(String raw, Map<String, String> headers) {
    APIGatewayV2HTTPEvent event =
        HandlerCalls.event("POST /payments/callback", Map.of(), Map.of(), raw, null, null);
    Map<String, String> all = new HashMap<>(event.getHeaders());
    headers.forEach((k, v) -> all.put(k.toLowerCase(Locale.ROOT), v));
    event.setHeaders(all);
    APIGatewayV2HTTPResponse r = send(event);
    if (r.getStatusCode() != 200) {
      throw new IllegalStateException("webhook answered " + r.getStatusCode() + " " + r.getBody());
    }
  }

  /**
   * Every SeatReleased so far, as AWS carries it: one custom event, the rule's send to the standard
   * waitlist queue, and one invocation of its consumer per message (its receive and delete are
   * counted by {@link CostModel} per message).
   */
  void drainEvents() {
    List<SQSEvent.SQSMessage> messages = new ArrayList<>();
    for (SeatReleased e; (e = released.poll()) != null; ) {
      events.incrementAndGet();
      Map<String, Object> detail = new HashMap<>();
      detail.put("eventId", e.eventId());
      detail.put("slotId", e.slotId());
      detail.put("quantity", e.quantity());
      detail.put("reason", e.reason().name());
      SQSEvent.SQSMessage m = new SQSEvent.SQSMessage();
      m.setMessageId(e.eventId());
      m.setBody(Json.write(Map.of("detail-type", Fairslot.SEAT_RELEASED, "detail", detail)));
      messages.add(m);
    }
    for (SQSEvent.SQSMessage m : messages) {
      waitlistMessages.incrementAndGet();
      SQSEvent event = new SQSEvent();
      event.setRecords(List.of(m));
      timed("WaitlistQueue", () -> waitlist.apply(event));
    }
  }

  void drainStream() {
    seatStream.drain();
  }

  private <T> T timed(String function, Supplier<T> work) {
    Lambda lambda = lambdas.get(function);
    long started = System.nanoTime();
    try {
      return work.get();
    } finally {
      lambda.invocations.incrementAndGet();
      lambda.micros.addAndGet((System.nanoTime() - started) / 1_000);
    }
  }

  long lambdaInvocations() {
    return lambdas.values().stream().mapToLong(l -> l.invocations.get()).sum();
  }

  /** GB-seconds so far: each function's milliseconds at its memory. */
  double gbSeconds() {
    return lambdas.values().stream()
        .mapToDouble(l -> l.micros.get() / 1e6 * l.memoryMb / 1024.0)
        .sum();
  }

  long delivered(Channel channel) {
    AtomicLong n = deliveries.get(channel);
    return n == null ? 0 : n.get();
  }

  /** Everything counted so far. */
  Usage usage() {
    // The seat stream's consumer is billed once per record: at a venue's pace each change is its
    // own batch, where the drain here hands over many at once.
    long lambdaCalls =
        lambdaInvocations() - lambdas.get("SeatAudit").invocations.get() + streamRecords.get();
    return new Usage(
        meter.read(),
        lambdaCalls,
        gbSeconds(),
        apiRequests.get(),
        events.get(),
        waitlistMessages.get(),
        streamRecords.get(),
        logBytes.get(),
        delivered(Channel.EMAIL),
        delivered(Channel.SMS));
  }

  @Override
  public void close() throws Exception {
    lines.close();
    dynamo.close();
  }
}
