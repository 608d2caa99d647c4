package fairslot.handler.integration;

import static fairslot.handler.http.Responses.notFound;
import static fairslot.handler.http.Responses.respond;

import fairslot.handler.http.Endpoints;
import fairslot.handler.http.ListView;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.IdempotentRequest;
import fairslot.webhook.app.WebhookUrls;
import fairslot.webhook.app.Webhooks;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.Webhook;
import fairslot.webhook.domain.WebhookEventType;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A venue's outbound webhooks (API.md v1.2 "Integrations"): subscriptions made (the secret shown
 * once), listed, read and deleted, and their deliveries listed and retried by hand. A creation's
 * answer is not recorded under its Idempotency-Key, since it holds the secret; a retry with the
 * same key and body finds the same subscription (its id derives from them) and shows it again.
 */
public final class WebhookEndpoints implements Endpoints {
  private final Webhooks webhooks;

  public WebhookEndpoints(Webhooks webhooks) {
    this.webhooks = webhooks;
  }

  /** A subscription, as listed and read: never its secret. */
  public record WebhookView(
      String webhookId, String venueId, String url, List<String> events, String createdAt) {
    static WebhookView of(Webhook w) {
      return new WebhookView(
          w.webhookId(),
          w.venueId(),
          w.url().toString(),
          w.events().stream().map(WebhookEventType::wire).toList(),
          w.createdAt().toString());
    }
  }

  /** The creation's answer: the subscription and its signing secret, shown this once. */
  public record CreatedView(
      String webhookId,
      String venueId,
      String url,
      List<String> events,
      String createdAt,
      String secret) {
    static CreatedView of(Webhook w, String secret) {
      WebhookView v = WebhookView.of(w);
      return new CreatedView(
          v.webhookId(), v.venueId(), v.url(), v.events(), v.createdAt(), secret);
    }
  }

  /** A delivery: what was sent, and how its tries went. */
  public record DeliveryView(
      String deliveryId,
      String eventId,
      String type,
      String status,
      int attempts,
      int lastStatus,
      String createdAt,
      String nextAttemptAt,
      String body) {
    static DeliveryView of(Delivery d) {
      return new DeliveryView(
          d.deliveryId(),
          d.event().eventId(),
          d.event().type().wire(),
          d.state().name(),
          d.attempts(),
          d.lastStatus(),
          d.event().createdAt().toString(),
          d.nextAt().map(Object::toString).orElse(null),
          d.event().body());
    }
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /venues/{venueId}/webhooks",
        "GET /venues/{venueId}/webhooks",
        "GET /venues/{venueId}/webhooks/{webhookId}",
        "DELETE /venues/{venueId}/webhooks/{webhookId}",
        "GET /venues/{venueId}/webhooks/{webhookId}/deliveries",
        "POST /venues/{venueId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /venues/{venueId}/webhooks" -> create(request);
      case "GET /venues/{venueId}/webhooks" -> list(request);
      case "GET /venues/{venueId}/webhooks/{webhookId}" -> one(request);
      case "DELETE /venues/{venueId}/webhooks/{webhookId}" -> delete(request);
      case "GET /venues/{venueId}/webhooks/{webhookId}/deliveries" -> deliveries(request);
      case "POST /venues/{venueId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry" ->
          retry(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse create(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("webhook", Set.of("url", "events"));
    String url = body.longText("url", WebhookUrls.MAX_LENGTH);
    EnumSet<WebhookEventType> events = EnumSet.noneOf(WebhookEventType.class);
    for (String name : body.optionalTexts("events", WebhookEventType.values().length)) {
      events.add(
          WebhookEventType.fromWire(name)
              .orElseThrow(
                  () ->
                      InvalidInput.unprocessable(
                          "events: unknown event "
                              + name
                              + "; known: "
                              + Arrays.stream(WebhookEventType.values())
                                  .map(WebhookEventType::wire)
                                  .toList())));
    }
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return respond(
        webhooks.subscribe(request.path("venueId"), url, events, key),
        201,
        s -> CreatedView.of(s.webhook(), s.secret()));
  }

  private HttpResponse list(HttpRequest request) {
    return HttpResponse.json(
        200,
        new ListView<>(
            webhooks.webhooksOf(request.path("venueId")).stream().map(WebhookView::of).toList(),
            null));
  }

  private HttpResponse one(HttpRequest request) {
    return webhooks
        .webhook(request.path("venueId"), request.path("webhookId"))
        .map(w -> HttpResponse.json(200, WebhookView.of(w)))
        .orElseGet(() -> notFound("webhook"));
  }

  private HttpResponse delete(HttpRequest request) {
    return webhooks.delete(request.path("venueId"), request.path("webhookId"))
        ? HttpResponse.noContent()
        : notFound("webhook");
  }

  private HttpResponse deliveries(HttpRequest request) {
    return webhooks
        .deliveries(request.path("venueId"), request.path("webhookId"), request.page())
        .map(
            page ->
                HttpResponse.json(
                    200,
                    new ListView<>(
                        page.items().stream().map(DeliveryView::of).toList(),
                        page.nextCursor().orElse(null))))
        .orElseGet(() -> notFound("webhook"));
  }

  private HttpResponse retry(HttpRequest request) {
    return respond(
        webhooks.retry(
            request.path("venueId"), request.path("webhookId"), request.path("deliveryId")),
        200,
        DeliveryView::of);
  }
}
