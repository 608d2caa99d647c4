package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.VenueGate;
import fairslot.notification.app.NotificationDesk;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Notifications as members and the desk see them (v1.1 "Members and notifications"): a member's own
 * list, the parked ones, and a retry of a parked one. Times are instants in UTC: one list spans
 * venues; the message itself states the venue's time.
 */
public final class NotificationEndpoints implements Endpoints {
  private final NotificationDesk desk;
  private final VenueGate gate;

  public NotificationEndpoints(NotificationDesk desk, VenueGate gate) {
    this.desk = desk;
    this.gate = gate;
  }

  /** One notification on one channel, as its member reads it. */
  public record NotificationView(
      String notificationId,
      String kind,
      String channel,
      String status,
      String createdAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) String sentAt,
      String slotId,
      String ref,
      String subject,
      String body,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
      @JsonInclude(JsonInclude.Include.NON_NULL) String fellBack) {
    static NotificationView of(Delivery d) {
      return new NotificationView(
          d.id().encode(),
          d.about().kind().name(),
          d.channel().name(),
          d.status().name(),
          d.createdAt().toString(),
          d.sentAt().map(Object::toString).orElse(null),
          d.about().slotId(),
          d.about().ref(),
          d.message().subject(),
          d.message().body(),
          d.message().reason().orElse(null),
          d.status() == DeliveryStatus.FELL_BACK ? d.lastError().orElse("") : null);
    }
  }

  /** What the desk needs to judge a delivery: who, where to, how many tries, and why it failed. */
  public record StaffNotificationView(
      String notificationId,
      String userId,
      String kind,
      String channel,
      String address,
      String status,
      int attempts,
      String lastError,
      String createdAt,
      String slotId,
      String ref) {
    static StaffNotificationView of(Delivery d) {
      return new StaffNotificationView(
          d.id().encode(),
          d.about().userId(),
          d.about().kind().name(),
          d.channel().name(),
          d.address(),
          d.status().name(),
          d.attempts(),
          d.lastError().orElse(null),
          d.createdAt().toString(),
          d.about().slotId(),
          d.about().ref());
    }
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "GET /me/notifications",
        "GET /staff/notifications",
        "POST /staff/notifications/{notificationId}/retry");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /me/notifications" -> mine(request);
      case "GET /staff/notifications" -> parked(request);
      case "POST /staff/notifications/{notificationId}/retry" -> retry(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse mine(HttpRequest request) {
    List<NotificationView> items =
        desk.mine(request.requireCaller().userId()).stream().map(NotificationView::of).toList();
    return HttpResponse.json(200, new ListView<>(items, null));
  }

  private HttpResponse parked(HttpRequest request) {
    String status = request.queryParam("status").orElse("PARKED");
    if (!status.equals("PARKED")) {
      throw InvalidInput.unprocessable("status: the desk lists PARKED notifications");
    }
    var page = desk.parked(request.page());
    // One slot read per slot on the page, and only for a caller limited to some venues.
    Map<String, Optional<String>> venues = new HashMap<>();
    Function<String, Optional<String>> slotVenues =
        slot -> venues.computeIfAbsent(slot, gate::slotVenue);
    return HttpResponse.json(
        200,
        new ListView<>(
            gate.limit(request, page.items(), d -> slotVenues.apply(d.about().slotId())).stream()
                .map(StaffNotificationView::of)
                .toList(),
            page.nextCursor().orElse(null)));
  }

  private HttpResponse retry(HttpRequest request) {
    return respond(desk.retry(request.path("notificationId")), 202, StaffNotificationView::of);
  }
}
