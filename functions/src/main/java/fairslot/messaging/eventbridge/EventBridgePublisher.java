package fairslot.messaging.eventbridge;

import fairslot.aws.Lazily;
import fairslot.catalog.app.EventPublisher;
import fairslot.catalog.app.SeatReleased;
import fairslot.definitions.Fairslot;
import fairslot.shared.Json;
import fairslot.shared.Log;
import fairslot.shared.RequestContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;

/**
 * Puts domain events on the fairslot bus after their change committed. A failed put is logged, not
 * thrown: the change stands, and the waitlist fallback job re-finds released seats.
 */
public final class EventBridgePublisher implements EventPublisher {
  private final Supplier<EventBridgeClient> events;
  private final String bus;

  public EventBridgePublisher(EventBridgeClient events, String bus) {
    this(() -> events, bus);
  }

  /** The client is made on the first event: most requests publish none. */
  public EventBridgePublisher(Supplier<EventBridgeClient> events, String bus) {
    this.events = Lazily.of(events);
    this.bus = bus;
  }

  @Override
  public void seatsReleased(SeatReleased event) {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("eventId", event.eventId());
    detail.put("slotId", event.slotId());
    detail.put("quantity", event.quantity());
    detail.put("reason", event.reason().name());
    // The request that released the seat, so the waitlist consumer's lines name it too.
    RequestContext.current().ifPresent(id -> detail.put("requestId", id));
    try {
      PutEventsResponse response =
          events
              .get()
              .putEvents(
                  r ->
                      r.entries(
                          e ->
                              e.eventBusName(bus)
                                  .source(Fairslot.EVENT_SOURCE)
                                  .detailType(Fairslot.SEAT_RELEASED)
                                  .detail(Json.write(detail))));
      if (response.failedEntryCount() != null && response.failedEntryCount() > 0) {
        Log.warn(
            "SeatReleased not published",
            Map.of(
                "eventId",
                event.eventId(),
                "slotId",
                event.slotId(),
                "error",
                String.valueOf(response.entries().get(0).errorMessage())));
      }
    } catch (RuntimeException e) {
      Log.warn(
          "SeatReleased not published",
          Map.of(
              "eventId",
              event.eventId(),
              "slotId",
              event.slotId(),
              "error",
              String.valueOf(e.getMessage())));
    }
  }
}
