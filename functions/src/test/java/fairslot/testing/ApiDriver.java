package fairslot.testing;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import fairslot.catalog.app.EventPublisher;
import fairslot.definitions.Fairslot;
import fairslot.emulator.Provisioner;
import fairslot.emulator.SqsPoller;
import fairslot.handler.Adapters;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.Triggers;
import fairslot.handler.Wiring;
import fairslot.kernel.IdGenerator;
import fairslot.messaging.eventbridge.EventBridgePublisher;
import fairslot.messaging.notifications.LocalNotificationSender;
import fairslot.messaging.payments.LocalPaymentProvider;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.messaging.sqs.SqsBookingQueue;
import fairslot.shared.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Drives the real {@link HttpApiHandler} with API Gateway events against the emulator, on a table
 * and an event bus of its own, with a clock the test controls. The local payment provider is in
 * MANUAL mode and delivers its signed webhooks straight to the handler.
 */
public final class ApiDriver {
  public static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
  public static final String PAYMENT_SECRET = "test-payment-secret";

  public final String table;
  public final String bus;
  public final TestClock clock = new TestClock(START);
  public final LocalPaymentProvider provider;
  public final Wiring wiring;
  public final HttpApiHandler handler;
  public final WebhookSignature signature = new WebhookSignature(PAYMENT_SECRET);
  public final LocalNotificationSender notifications = new LocalNotificationSender(Aws.channels());

  /**
   * Set to lose SeatReleased events between commit and publish (a crash there), to test the
   * fallback.
   */
  public volatile boolean dropEvents;

  public final String waitlistQueueUrl;
  private final SqsPoller waitlistPoller;
  public final String bookingQueueUrl;
  public final String bookingDlqUrl;
  public final SqsPoller bookingPoller;
  public final SqsPoller bookingDlqPoller;

  /**
   * Called after the booking consumer has done its work on a batch and before the poller deletes
   * it.
   */
  public volatile Runnable afterBookingBatch = () -> {};

  public ApiDriver(String tablePrefix) {
    this(tablePrefix, fairslot.member.app.MemberRateLimit.LIMIT);
  }

  /**
   * With {@code memberLimit} booking requests per member and window: a test racing one member's own
   * bookings lifts the limit so every request reaches the rules it tests.
   */
  public ApiDriver(String tablePrefix, int memberLimit) {
    this.table = Aws.freshTable(tablePrefix);
    this.bus = table;
    Provisioner.createEventBus(Aws.events(), bus);
    this.provider =
        new LocalPaymentProvider(
            (raw, headers) -> {
              Reply r =
                  send(Events.route("POST /payments/callback").headers(headers).body(raw).build());
              if (r.status() != 200) {
                throw new IllegalStateException("webhook answered " + r);
              }
            },
            PAYMENT_SECRET,
            clock,
            LocalPaymentProvider.Mode.MANUAL,
            Duration.ZERO);
    EventPublisher bridge = new EventBridgePublisher(Aws.events(), bus);
    EventPublisher events =
        e -> {
          if (!dropEvents) {
            bridge.seatsReleased(e);
          }
        };
    this.bookingQueueUrl = Provisioner.createQueue(Aws.sqs(), Fairslot.BOOKING_QUEUE, bus + "-");
    this.bookingDlqUrl =
        Aws.sqs()
            .getQueueUrl(
                r -> r.queueName(bus + "-" + Fairslot.BOOKING_QUEUE.deadLetterNameWithSuffix()))
            .queueUrl();
    this.wiring =
        new Wiring(
            Aws.dynamo(),
            table,
            clock,
            IdGenerator.random(),
            new Adapters(
                events,
                provider,
                notifications,
                new SqsBookingQueue(Aws.sqs(), bookingQueueUrl),
                Aws.codeChannels()),
            java.util.Optional.of(PAYMENT_SECRET));
    this.handler = new HttpApiHandler(wiring.httpApi(memberLimit));
    this.waitlistQueueUrl = Provisioner.createQueue(Aws.sqs(), Fairslot.WAITLIST_QUEUE, bus + "-");
    Provisioner.routeSeatReleased(Aws.events(), Aws.sqs(), bus, waitlistQueueUrl);
    this.waitlistPoller =
        new SqsPoller(
            Aws.sqs(),
            waitlistQueueUrl,
            Fairslot.WAITLIST_QUEUE.batchSize(),
            Triggers.queue(Fairslot.WAITLIST_QUEUE, wiring));
    var bookingConsumer = Triggers.queue(Fairslot.BOOKING_QUEUE, wiring);
    this.bookingPoller =
        new SqsPoller(
                Aws.sqs(),
                bookingQueueUrl,
                Fairslot.BOOKING_QUEUE.batchSize(),
                event -> {
                  var response = bookingConsumer.apply(event);
                  afterBookingBatch.run();
                  return response;
                })
            .retryFailuresAfter(Duration.ZERO);
    this.bookingDlqPoller =
        new SqsPoller(
            Aws.sqs(), bookingDlqUrl, 10, Triggers.deadLetters(Fairslot.BOOKING_QUEUE, wiring));
  }

  private fairslot.emulator.StreamPoller seatAuditPoller;

  /**
   * Runs the seat audit over every record the table's stream has gathered, as Lambda's event source
   * mapping would; returns how many stream records were read. The poller is made on first use and
   * remembers its place, so a second call reads only what came after.
   */
  public synchronized int deliverSeatChanges() {
    if (seatAuditPoller == null) {
      seatAuditPoller =
          new fairslot.emulator.StreamPoller(
              Aws.dynamo(),
              Aws.endpoint().dynamoDbStreams(),
              table,
              Fairslot.SEAT_AUDIT,
              Triggers.stream(Fairslot.SEAT_AUDIT, wiring));
    }
    return seatAuditPoller.drain();
  }

  private final Map<String, fairslot.emulator.StreamPoller> streamPollers =
      new java.util.HashMap<>();

  /**
   * Runs {@code consumer} over every record the table's stream has gathered since its last call, as
   * Lambda's event source mapping would (the same filter); returns how many records were read.
   */
  public synchronized int deliverStream(fairslot.definitions.StreamConsumerDefinition consumer) {
    return streamPollers
        .computeIfAbsent(
            consumer.name(),
            name ->
                new fairslot.emulator.StreamPoller(
                    Aws.dynamo(),
                    Aws.endpoint().dynamoDbStreams(),
                    table,
                    consumer,
                    Triggers.stream(consumer, wiring)))
        .drain();
  }

  /**
   * Runs the waitlist consumer over every SeatReleased event waiting in its queue; returns how
   * many.
   */
  public int deliverSeatReleased() {
    return waitlistPoller.drain();
  }

  public record Reply(int status, Map<String, String> headers, String body) {
    public JsonNode json() {
      try {
        return Json.mapper().readTree(body);
      } catch (Exception e) {
        throw new AssertionError("not JSON: " + body, e);
      }
    }

    public String text(String field) {
      JsonNode v = json().get(field);
      return v == null || v.isNull() ? null : v.asText();
    }

    public String contentType() {
      return headers.getOrDefault("content-type", "");
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }

  public Reply send(APIGatewayV2HTTPEvent event) {
    APIGatewayV2HTTPResponse r = handler.handleRequest(event, null);
    return new Reply(
        r.getStatusCode(), r.getHeaders() == null ? Map.of() : r.getHeaders(), r.getBody());
  }

  public Reply send(String routeKey, Consumer<Events.Builder> setup) {
    Events.Builder b = Events.route(routeKey);
    setup.accept(b);
    return send(b.build());
  }

  public static final List<String> ADMIN = List.of("admin");
  public static final List<String> CUSTOMER = List.of("customer");
  public static final List<String> FRONTDESK = List.of("frontdesk");

  public String venue(String timeZone, String policyJson) {
    Reply r =
        send(
            "POST /venues",
            e ->
                e.as("admin-1", ADMIN)
                    .body(
                        "{\"name\":\"Riverside Club\",\"timeZone\":\""
                            + timeZone
                            + "\",\"policy\":"
                            + policyJson
                            + "}"));
    expect(r, 201);
    return r.text("venueId");
  }

  public String resource(String venueId, String kind, int capacity) {
    Reply r =
        send(
            "POST /venues/{venueId}/resources",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venueId)
                    .body(
                        "{\"name\":\"Court 1\",\"kind\":\""
                            + kind
                            + "\",\"capacity\":"
                            + capacity
                            + "}"));
    expect(r, 201);
    return r.text("resourceId");
  }

  /** A slot starting {@code startsIn} from the test clock's now, lasting {@code length}. */
  public String slot(String resourceId, Duration startsIn, Duration length, long priceMinor) {
    Instant start = clock.instant().plus(startsIn);
    Reply r =
        send(
            "POST /slots",
            e ->
                e.as("admin-1", ADMIN)
                    .body(
                        "{\"resourceId\":\""
                            + resourceId
                            + "\",\"start\":\""
                            + start
                            + "\",\"end\":\""
                            + start.plus(length)
                            + "\",\"priceMinor\":"
                            + priceMinor
                            + ",\"currency\":\"CNY\"}"));
    expect(r, 201);
    return r.text("slotId");
  }

  /** A venue with one resource and one slot tomorrow; returns the slotId. */
  public String openSlot(String kind, int capacity, long priceMinor) {
    return openSlot(kind, capacity, priceMinor, "{}");
  }

  public String openSlot(String kind, int capacity, long priceMinor, String policyJson) {
    String venue = venue("Asia/Shanghai", policyJson);
    return slot(
        resource(venue, kind, capacity), Duration.ofDays(1), Duration.ofHours(1), priceMinor);
  }

  public Reply book(String userId, String slotId, int quantity) {
    return send(
        "POST /bookings",
        e ->
            e.as(userId, CUSTOMER)
                .body("{\"slotId\":\"" + slotId + "\",\"quantity\":" + quantity + "}"));
  }

  public Reply booking(String userId, String bookingId) {
    return send(
        "GET /bookings/{bookingId}", e -> e.as(userId, CUSTOMER).path("bookingId", bookingId));
  }

  public Reply pay(String userId, String bookingId) {
    return send(
        "POST /bookings/{bookingId}/pay", e -> e.as(userId, CUSTOMER).path("bookingId", bookingId));
  }

  public Reply cancel(String userId, String bookingId) {
    return send(
        "POST /bookings/{bookingId}/cancel",
        e -> e.as(userId, CUSTOMER).path("bookingId", bookingId));
  }

  /** Books and pays through the provider; returns the bookingId of a PAID booking. */
  public String paidBooking(String userId, String slotId) {
    String bookingId = book(userId, slotId, 1).text("bookingId");
    String paymentNo = pay(userId, bookingId).text("paymentNo");
    provider.report(paymentNo, "SUCCEEDED");
    return bookingId;
  }

  /** A provider callback body, as the provider would write it. */
  public static String callbackBody(
      String eventId, String paymentNo, String bookingId, long amount, String status) {
    return "{\"eventId\":\""
        + eventId
        + "\",\"paymentNo\":\""
        + paymentNo
        + "\",\"bookingId\":\""
        + bookingId
        + "\",\"amountMinor\":"
        + amount
        + ",\"currency\":\"CNY\",\"status\":\""
        + status
        + "\"}";
  }

  /** A webhook as the provider would send it, signed now by the test clock. */
  public Reply webhook(String rawBody) {
    long ts = clock.instant().getEpochSecond();
    return send(
        "POST /payments/callback",
        e ->
            e.header(WebhookSignature.TIMESTAMP_HEADER, Long.toString(ts))
                .header(WebhookSignature.SIGNATURE_HEADER, signature.sign(ts, rawBody))
                .body(rawBody));
  }

  public Reply slot(String slotId) {
    return send("GET /slots/{slotId}", e -> e.path("slotId", slotId));
  }

  public int remaining(String slotId) {
    return slot(slotId).json().get("remaining").asInt();
  }

  public static void expect(Reply r, int status) {
    if (r.status() != status) {
      throw new AssertionError("expected " + status + " but got " + r);
    }
  }
}
