package fairslot.webhook.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.PageRequest;
import fairslot.webhook.app.WebhookStore;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import fairslot.webhook.domain.WebhookEvent;
import fairslot.webhook.domain.WebhookEventType;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What every {@link WebhookStore} does: the fake and the DynamoDB adapter alike. */
public abstract class WebhookStoreContract {
  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  protected abstract WebhookStore fresh();

  private static Webhook webhook(String venueId) {
    return new Webhook(
        UUID.randomUUID().toString(),
        venueId,
        URI.create("https://hooks.example.com/fairslot"),
        EnumSet.allOf(WebhookEventType.class),
        T0);
  }

  private static Delivery delivery(Webhook w, String subject, long order, Instant at) {
    WebhookEvent e =
        new WebhookEvent(
            subject + ":v" + order,
            WebhookEventType.BOOKING_CONFIRMED,
            w.venueId(),
            subject,
            order,
            at,
            "{\"id\":\"" + subject + ":v" + order + "\"}");
    return new Delivery(
        w.webhookId(),
        Delivery.idFor(w.webhookId(), e),
        e,
        Optional.empty(),
        DeliveryState.PENDING,
        0,
        at,
        Optional.of(at),
        0);
  }

  @Test
  void aVenueHoldsUpToItsCapAndADeletionFreesAPlace() {
    WebhookStore store = fresh();
    String venue = UUID.randomUUID().toString();
    List<Webhook> made = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Webhook w = webhook(venue);
      assertThat(store.create(w, 3)).isEqualTo(new WebhookStore.Subscribed.Created(w));
      made.add(w);
    }
    assertThat(store.create(webhook(venue), 3)).isEqualTo(new WebhookStore.Subscribed.AtCap(3));
    // A twin of a made one (the same id) is that one, not a fourth.
    assertThat(store.create(made.get(0), 3))
        .isEqualTo(new WebhookStore.Subscribed.Existing(made.get(0)));
    assertThat(store.webhooksOf(venue)).hasSize(3);

    assertThat(store.delete(venue, made.get(1).webhookId())).isTrue();
    assertThat(store.delete(venue, made.get(1).webhookId())).isFalse();
    assertThat(store.find(venue, made.get(1).webhookId())).isEmpty();
    assertThat(store.create(webhook(venue), 3)).isInstanceOf(WebhookStore.Subscribed.Created.class);
    assertThat(store.find(venue, made.get(0).webhookId())).contains(made.get(0));
  }

  @Test
  void aCapRacedByTwentyCreationsHoldsExactlyTheCap() {
    WebhookStore store = fresh();
    String venue = UUID.randomUUID().toString();
    AtomicInteger created = new AtomicInteger();
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      all.add(
          CompletableFuture.runAsync(
              () -> {
                if (store.create(webhook(venue), 5) instanceof WebhookStore.Subscribed.Created) {
                  created.incrementAndGet();
                }
              }));
    }
    all.forEach(CompletableFuture::join);

    assertThat(created.get()).isEqualTo(5);
    assertThat(store.webhooksOf(venue)).hasSize(5);
  }

  @Test
  void aChangeIsRecordedOnceAndChainedAfterItsSubjectsLastDelivery() {
    WebhookStore store = fresh();
    Webhook w = webhook(UUID.randomUUID().toString());
    store.create(w, 10);
    Delivery first = delivery(w, "booking:a", 1, T0);
    Delivery other = delivery(w, "booking:b", 1, T0.plusSeconds(1));
    Delivery second = delivery(w, "booking:a", 3, T0.plusSeconds(2));

    assertThat(store.record(first)).isTrue();
    assertThat(store.record(first)).as("the same change again").isFalse();
    assertThat(store.record(other)).isTrue();
    assertThat(store.record(second)).isTrue();
    assertThat(store.record(delivery(w, "booking:a", 2, T0.plusSeconds(3))))
        .as("an older change of a subject already past it")
        .isFalse();

    assertThat(store.delivery(w.webhookId(), first.deliveryId()).orElseThrow().after()).isEmpty();
    assertThat(store.delivery(w.webhookId(), other.deliveryId()).orElseThrow().after()).isEmpty();
    assertThat(store.delivery(w.webhookId(), second.deliveryId()).orElseThrow().after())
        .contains(first.deliveryId());
    assertThat(store.deliveries(w.webhookId(), new PageRequest(2, Optional.empty())).items())
        .extracting(Delivery::deliveryId)
        .containsExactly(second.deliveryId(), other.deliveryId());
  }

  @Test
  void aTryIsClaimedOnceAndItsAnswerEndsOrReschedulesIt() {
    WebhookStore store = fresh();
    Webhook w = webhook(UUID.randomUUID().toString());
    store.create(w, 10);
    Delivery d = delivery(w, "slot:" + UUID.randomUUID(), 1, T0);
    store.record(d);
    assertThat(store.due(T0, 500)).extracting(Delivery::deliveryId).contains(d.deliveryId());
    assertThat(store.due(T0.minusSeconds(1), 500))
        .extracting(Delivery::deliveryId)
        .doesNotContain(d.deliveryId());

    Instant next = T0.plus(Duration.ofSeconds(30));
    assertThat(store.claim(d, next)).isTrue();
    assertThat(store.claim(d, next)).as("a second worker with the same read").isFalse();
    Delivery claimed = store.delivery(w.webhookId(), d.deliveryId()).orElseThrow();
    assertThat(claimed.attempts()).isEqualTo(1);
    assertThat(claimed.nextAt()).contains(next);

    assertThat(store.answered(claimed, DeliveryState.PENDING, 503)).isTrue();
    assertThat(store.due(T0.plusSeconds(29), 500))
        .extracting(Delivery::deliveryId)
        .doesNotContain(d.deliveryId());
    Delivery waiting =
        store.due(next, 500).stream()
            .filter(x -> x.deliveryId().equals(d.deliveryId()))
            .findFirst()
            .orElseThrow();
    assertThat(waiting.lastStatus()).isEqualTo(503);

    assertThat(store.claim(waiting, next.plusSeconds(60))).isTrue();
    Delivery again = store.delivery(w.webhookId(), d.deliveryId()).orElseThrow();
    assertThat(store.answered(again, DeliveryState.DELIVERED, 204)).isTrue();
    Delivery done = store.delivery(w.webhookId(), d.deliveryId()).orElseThrow();
    assertThat(done.state()).isEqualTo(DeliveryState.DELIVERED);
    assertThat(done.lastStatus()).isEqualTo(204);
    assertThat(store.due(T0.plusSeconds(3600), 500))
        .extracting(Delivery::deliveryId)
        .doesNotContain(d.deliveryId());
  }

  @Test
  void aParkedDeliveryRetriedByHandIsDueAgainFromItsFirstTry() {
    WebhookStore store = fresh();
    Webhook w = webhook(UUID.randomUUID().toString());
    store.create(w, 10);
    Delivery d = delivery(w, "slot:" + UUID.randomUUID(), 1, T0);
    store.record(d);
    store.claim(d, T0.plusSeconds(30));
    Delivery claimed = store.delivery(w.webhookId(), d.deliveryId()).orElseThrow();
    store.answered(claimed, DeliveryState.PARKED, 500);
    Delivery parked = store.delivery(w.webhookId(), d.deliveryId()).orElseThrow();
    assertThat(parked.state()).isEqualTo(DeliveryState.PARKED);
    assertThat(store.claim(parked, T0)).as("a parked delivery is not tried").isFalse();

    Instant later = T0.plus(Duration.ofDays(2));
    assertThat(store.retry(parked, later)).isTrue();
    assertThat(store.retry(parked, later)).as("a twin retry with the same read").isFalse();
    Delivery again = store.delivery(w.webhookId(), d.deliveryId()).orElseThrow();
    assertThat(again.state()).isEqualTo(DeliveryState.PENDING);
    assertThat(again.attempts()).isZero();
    assertThat(again.since()).isEqualTo(later);
    assertThat(store.due(later, 500)).extracting(Delivery::deliveryId).contains(d.deliveryId());
  }

  @Test
  void twentyWorkersClaimingOneTryLetExactlyOneSendIt() {
    WebhookStore store = fresh();
    Webhook w = webhook(UUID.randomUUID().toString());
    store.create(w, 10);
    Delivery d = delivery(w, "slot:" + UUID.randomUUID(), 1, T0);
    store.record(d);
    AtomicInteger won = new AtomicInteger();
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      all.add(
          CompletableFuture.runAsync(
              () -> {
                if (store.claim(d, T0.plusSeconds(30))) {
                  won.incrementAndGet();
                }
              }));
    }
    all.forEach(CompletableFuture::join);

    assertThat(won.get()).isEqualTo(1);
    assertThat(store.delivery(w.webhookId(), d.deliveryId()).orElseThrow().attempts()).isEqualTo(1);
  }
}
