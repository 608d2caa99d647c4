package fairslot.handler.http;

import static fairslot.handler.http.Responses.noContentUnlessRefused;
import static fairslot.handler.http.Responses.respond;

import fairslot.booking.app.BookingService;
import fairslot.booking.domain.Booking;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.domain.Slot;
import fairslot.handler.http.BookingViews.BookingView;
import fairslot.handler.http.WaitlistViews.WaitlistEntryView;
import fairslot.handler.http.WaitlistViews.WaitlistJoinView;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.shared.Metrics;
import fairslot.waitlist.app.WaitlistService;
import java.time.Clock;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Joining and leaving a slot's waitlist, and answering an offer. */
public final class WaitlistEndpoints implements Endpoints {
  private final WaitlistService waitlist;
  private final BookingService bookings;
  private final CatalogService catalog;
  private final IdempotencyKeys idempotency;
  private final Clock clock;

  public WaitlistEndpoints(
      WaitlistService waitlist,
      BookingService bookings,
      CatalogService catalog,
      IdempotencyKeys idempotency,
      Clock clock) {
    this.waitlist = waitlist;
    this.bookings = bookings;
    this.catalog = catalog;
    this.idempotency = idempotency;
    this.clock = clock;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /slots/{slotId}/waitlist",
        "GET /slots/{slotId}/waitlist/me",
        "DELETE /slots/{slotId}/waitlist/me",
        "POST /waitlist/{entryId}/accept",
        "POST /waitlist/{entryId}/decline");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /slots/{slotId}/waitlist" -> join(request);
      case "GET /slots/{slotId}/waitlist/me" -> mine(request);
      case "DELETE /slots/{slotId}/waitlist/me" -> leave(request);
      case "POST /waitlist/{entryId}/accept" -> accept(request);
      case "POST /waitlist/{entryId}/decline" -> decline(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse join(HttpRequest request) {
    Caller caller = request.requireCaller();
    String slotId = request.path("slotId");
    RequestBody body = request.jsonOrEmpty().onlyFields("join", Set.of());
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () ->
            respond(
                waitlist.join(caller.userId(), slotId),
                201,
                place ->
                    new WaitlistJoinView(
                        place.entry().entryId(), place.position(), place.entry().status().name())));
  }

  private HttpResponse mine(HttpRequest request) {
    String slotId = request.path("slotId");
    ZoneId zone = catalog.slot(slotId).map(Slot::timeZone).orElse(ZoneOffset.UTC);
    return respond(
        waitlist.mine(request.requireCaller().userId(), slotId),
        200,
        place -> WaitlistEntryView.of(place, clock.instant(), zone));
  }

  private HttpResponse leave(HttpRequest request) {
    waitlist.leave(request.requireCaller().userId(), request.path("slotId"));
    return HttpResponse.noContent();
  }

  private HttpResponse accept(HttpRequest request) {
    // The body is optional: {"passId": "..."} pays the offered seat with the member's pass.
    RequestBody body = request.jsonOrEmpty().onlyFields("accept", Set.of("passId"));
    var accepted =
        bookings.acceptWaitlistOffer(
            request.requireCaller().userId(), request.path("entryId"), body.optionalText("passId"));
    if (accepted instanceof Outcome.Done<Booking> done) {
      Metrics.line()
          .dimension("Venue", done.value().slot().venueId())
          .count("OffersAccepted", 1)
          .property("bookingId", done.value().bookingId())
          .property("slotId", done.value().slotId())
          .emit();
    }
    return respond(accepted, 201, b -> BookingView.of(b, clock.instant()));
  }

  private HttpResponse decline(HttpRequest request) {
    return noContentUnlessRefused(
        waitlist.decline(request.requireCaller().userId(), request.path("entryId")));
  }
}
