package fairslot.webhook.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWebhookStore;
import fairslot.testing.TestClock;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import fairslot.webhook.domain.WebhookEvent;
import fairslot.webhook.domain.WebhookEventType;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The deliveries job on the in-memory store: order per subject, backoff, parking, deletion. */
class WebhookSenderTest {
  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  private final TestClock clock = new TestClock(T0);
  private final MemoryWebhookStore store = new MemoryWebhookStore();
  private final List<String> sent = new ArrayList<>();
  private final Deque<Integer> answers = new ArrayDeque<>();
  private final WebhookTransport transport =
      (url, headers, body) -> {
        sent.add(headers.get("fairslot-event") + " " + body);
        return answers.isEmpty() ? 200 : answers.poll();
      };
  private final WebhookUrls urls =
      new WebhookUrls(false, host -> new InetAddress[] {InetAddress.getByName("93.184.216.34")});
  private final WebhookKeys keys =
      new WebhookKeys() {
        @Override
        public String secretOf(String webhookId) {
          return "whsec_" + webhookId;
        }

        @Override
        public String signature(String webhookId, long unixSeconds, String body) {
          return "t=" + unixSeconds + ",v1=test";
        }
      };
  private final WebhookSender sender = new WebhookSender(store, transport, urls, keys, clock);
  private final Webhooks webhooks = new Webhooks(store, urls, keys, clock, IdGenerator.random());
  private final WebhookFanOut fanOut = new WebhookFanOut(store, clock);

  private Webhook subscribe(String venue, EnumSet<WebhookEventType> events) {
    return done(webhooks.subscribe(venue, "https://hooks.example.com/x", events, Optional.empty()))
        .webhook();
  }

  private static WebhookEvent bookingEvent(String booking, long version, WebhookEventType type) {
    String id = "booking:" + booking + ":v" + version;
    return new WebhookEvent(
        id,
        type,
        "v1",
        "booking:" + booking,
        version,
        T0.plusSeconds(version),
        "{\"id\":\"" + id + "\"}");
  }

  private void runUntilQuiet() {
    for (int i = 0; i < 10; i++) {
      sender.sendDue(100);
      clock.advance(Duration.ofSeconds(10));
    }
  }

  @Test
  void aSubjectsLaterChangeWaitsUntilTheEarlierOneIsDelivered() {
    subscribe("v1", EnumSet.allOf(WebhookEventType.class));
    clock.advance(Duration.ofSeconds(30));
    fanOut.record(
        List.of(
            bookingEvent("a", 2, WebhookEventType.BOOKING_CONFIRMED),
            bookingEvent("a", 3, WebhookEventType.BOOKING_CANCELLED)));
    answers.add(500); // the confirmation's first try fails

    sender.sendDue(100);
    assertThat(sent).containsExactly("booking.confirmed {\"id\":\"booking:a:v2\"}");

    clock.advance(Duration.ofMinutes(2));
    runUntilQuiet();
    assertThat(sent)
        .containsExactly(
            "booking.confirmed {\"id\":\"booking:a:v2\"}",
            "booking.confirmed {\"id\":\"booking:a:v2\"}",
            "booking.cancelled {\"id\":\"booking:a:v3\"}");
  }

  @Test
  void aSubscriberHearsOnlyTheTypesItChoseAndOnlyChangesAfterItSubscribed() {
    clock.advance(Duration.ofSeconds(1));
    subscribe("v1", EnumSet.of(WebhookEventType.BOOKING_CANCELLED));
    fanOut.record(
        List.of(
            bookingEvent("early", 0, WebhookEventType.BOOKING_CANCELLED), // at T0, before it
            bookingEvent("b", 2, WebhookEventType.BOOKING_CONFIRMED),
            bookingEvent("b", 3, WebhookEventType.BOOKING_CANCELLED)));
    clock.advance(Duration.ofSeconds(5));
    runUntilQuiet();

    assertThat(sent).containsExactly("booking.cancelled {\"id\":\"booking:b:v3\"}");
  }

  @Test
  void aDeliveryFailingFor24HoursIsParkedAndAHandRetrySendsItAgain() {
    Webhook w = subscribe("v1", EnumSet.allOf(WebhookEventType.class));
    fanOut.record(List.of(bookingEvent("c", 2, WebhookEventType.BOOKING_CONFIRMED)));
    for (int i = 0; i < 100; i++) {
      answers.add(503);
    }
    clock.advance(Duration.ofSeconds(2));
    for (int i = 0; i < 60; i++) {
      sender.sendDue(100);
      clock.advance(Duration.ofMinutes(30));
    }
    Delivery parked =
        store
            .deliveries(w.webhookId(), new fairslot.kernel.PageRequest(10, Optional.empty()))
            .items()
            .get(0);
    assertThat(parked.state()).isEqualTo(DeliveryState.PARKED);
    assertThat(parked.lastStatus()).isEqualTo(503);
    // Backoff doubles from 30 s to an hour: about 25 tries in 24 hours, not one every run.
    assertThat(sent).hasSizeBetween(20, 30);

    answers.clear();
    sent.clear();
    assertThat(done(webhooks.retry("v1", w.webhookId(), parked.deliveryId())).state())
        .isEqualTo(DeliveryState.PENDING);
    sender.sendDue(100);
    assertThat(sent).hasSize(1);
    assertThat(store.delivery(w.webhookId(), parked.deliveryId()).orElseThrow().state())
        .isEqualTo(DeliveryState.DELIVERED);
  }

  @Test
  void aSubscriberThatNeverAnswersCostsOneTryARunAndDelaysNoOtherSubscriber() {
    String dead =
        done(webhooks.subscribe(
                "v1",
                "https://hooks.example.com/dead",
                EnumSet.allOf(WebhookEventType.class),
                Optional.empty()))
            .webhook()
            .webhookId();
    Webhook live =
        done(webhooks.subscribe(
                "v2",
                "https://hooks.example.com/live",
                EnumSet.allOf(WebhookEventType.class),
                Optional.empty()))
            .webhook();
    List<WebhookEvent> changes = new ArrayList<>();
    for (int b = 0; b < 4; b++) {
      changes.add(bookingEvent("dead" + b, 2, WebhookEventType.BOOKING_CONFIRMED));
    }
    changes.add(
        new WebhookEvent(
            "booking:live:v2",
            WebhookEventType.BOOKING_CONFIRMED,
            "v2",
            "booking:live",
            2,
            T0.plusSeconds(2),
            "{}"));
    fanOut.record(changes);
    List<String> tried = new ArrayList<>();
    WebhookTransport blackHole =
        (url, headers, body) -> {
          tried.add(url.getPath());
          return url.getPath().equals("/dead") ? 0 : 204;
        };
    clock.advance(Duration.ofSeconds(5));

    new WebhookSender(store, blackHole, urls, keys, clock).sendDue(100);

    // One of the dead subscriber's four, and the live one.
    assertThat(tried).containsExactlyInAnyOrder("/dead", "/live");
    assertThat(
            store
                .deliveries(live.webhookId(), new fairslot.kernel.PageRequest(5, Optional.empty()))
                .items()
                .get(0)
                .state())
        .isEqualTo(DeliveryState.DELIVERED);
    assertThat(store.due(clock.instant().plus(Duration.ofHours(1)), 100))
        .hasSize(4)
        .allSatisfy(d -> assertThat(d.webhookId()).isEqualTo(dead));
  }

  @Test
  void aDeletedSubscriptionsDeliveriesAreParkedUnsent() {
    Webhook w = subscribe("v1", EnumSet.allOf(WebhookEventType.class));
    fanOut.record(List.of(bookingEvent("d", 2, WebhookEventType.BOOKING_CONFIRMED)));
    assertThat(webhooks.delete("v1", w.webhookId())).isTrue();
    clock.advance(Duration.ofSeconds(5));
    runUntilQuiet();

    assertThat(sent).isEmpty();
    assertThat(store.due(clock.instant().plus(Duration.ofDays(1)), 10)).isEmpty();
  }

  @Test
  void aVenueMayNotSubscribeAPrivateAddressOrMoreThanTenUrls() {
    WebhookUrls inside =
        new WebhookUrls(false, host -> new InetAddress[] {InetAddress.getByName("10.0.0.7")});
    Webhooks guarded = new Webhooks(store, inside, keys, clock, IdGenerator.random());
    assertThat(
            refusal(
                guarded.subscribe(
                    "v2",
                    "https://intranet.example/x",
                    EnumSet.allOf(WebhookEventType.class),
                    Optional.empty())))
        .isEqualTo(Refusal.INVALID_URL);
    for (int i = 0; i < Webhook.MAX_PER_VENUE; i++) {
      subscribe("v2", EnumSet.of(WebhookEventType.SLOT_CANCELLED));
    }
    assertThat(
            refusal(
                webhooks.subscribe(
                    "v2",
                    "https://hooks.example.com/y",
                    EnumSet.of(WebhookEventType.SLOT_CANCELLED),
                    Optional.empty())))
        .isEqualTo(Refusal.WEBHOOK_LIMIT_REACHED);
    assertThat(webhooks.webhooksOf("v2")).hasSize(Webhook.MAX_PER_VENUE);
  }

  private static Refusal refusal(Outcome<?> outcome) {
    return ((Outcome.Refused<?>) outcome).refusal();
  }
}
