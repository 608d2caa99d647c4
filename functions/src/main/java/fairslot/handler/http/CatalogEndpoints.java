package fairslot.handler.http;

import static fairslot.handler.http.Responses.notFound;
import static fairslot.handler.http.Responses.respond;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.Lotteries;
import fairslot.catalog.app.VenueFinder;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Venue;
import fairslot.handler.http.CatalogViews.ResourceView;
import fairslot.handler.http.CatalogViews.SlotView;
import fairslot.handler.http.CatalogViews.VenueView;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.IdempotentRequest;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Venues, resources, coaches and rooms, slots and their opening. */
public final class CatalogEndpoints implements Endpoints {
  private final CatalogService catalog;
  private final IdempotencyKeys idempotency;
  private final Lotteries lotteries;

  public CatalogEndpoints(
      CatalogService catalog, IdempotencyKeys idempotency, Lotteries lotteries) {
    this.catalog = catalog;
    this.idempotency = idempotency;
    this.lotteries = lotteries;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /venues",
        "GET /venues",
        "GET /venues/{venueId}",
        "POST /venues/{venueId}/resources",
        "GET /venues/{venueId}/resources",
        "POST /coaches",
        "POST /rooms",
        "POST /slots",
        "POST /slots:generate",
        "GET /slots",
        "GET /slots/{slotId}",
        "POST /slots/{slotId}/close",
        "POST /slots/{slotId}/open",
        "POST /slots/{slotId}/admission");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /venues" -> createVenue(request);
      case "GET /venues" -> findVenues(request);
      case "GET /venues/{venueId}" -> getVenue(request);
      case "POST /venues/{venueId}/resources" -> createResource(request);
      case "GET /venues/{venueId}/resources" -> listResources(request);
      case "POST /coaches" -> createAssignee(request, Assignee.Kind.COACH);
      case "POST /rooms" -> createAssignee(request, Assignee.Kind.ROOM);
      case "POST /slots" -> createSlot(request);
      case "POST /slots:generate" -> generateSlots(request);
      case "GET /slots" -> listSlots(request);
      case "GET /slots/{slotId}" -> getSlot(request);
      case "POST /slots/{slotId}/close" -> setOpen(request, false);
      case "POST /slots/{slotId}/open" -> setOpen(request, true);
      case "POST /slots/{slotId}/admission" -> setAdmission(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  /**
   * A create: the body read into the command first (bad input writes nothing), then done once per
   * Idempotency-Key, a retry replaying the first answer.
   */
  private <C> HttpResponse create(
      HttpRequest request,
      Function<RequestBody, C> read,
      BiFunction<C, Optional<IdempotentRequest>, HttpResponse> create) {
    RequestBody body = request.json();
    C command = read.apply(body);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, request.requireCaller(), body);
    return idempotency.once(key, () -> create.apply(command, key));
  }

  private HttpResponse createVenue(HttpRequest request) {
    return create(
        request,
        CatalogRequests::createVenue,
        (command, key) -> HttpResponse.json(201, VenueView.of(catalog.createVenue(command, key))));
  }

  /** Public: the active venues, by words and nearness (v1.3 "Finding a venue"). */
  private HttpResponse findVenues(HttpRequest request) {
    Optional<GeoPoint> near;
    try {
      near = request.queryParam("near").map(GeoPoint::parse);
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("near: " + e.getMessage());
    }
    var page =
        catalog.findVenues(new VenueFinder.Query(request.queryParam("q"), near, request.page()));
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream().map(VenueListingView::of).toList(),
            page.nextCursor().orElse(null)));
  }

  private HttpResponse getVenue(HttpRequest request) {
    return catalog
        .venue(request.path("venueId"))
        .map(v -> HttpResponse.json(200, VenueView.of(v)))
        .orElseGet(() -> notFound("venue"));
  }

  private HttpResponse listResources(HttpRequest request) {
    return catalog
        .resources(request.path("venueId"))
        .map(
            rs ->
                HttpResponse.json(
                    200, new ListView<>(rs.stream().map(ResourceView::of).toList(), null)))
        .orElseGet(() -> notFound("venue"));
  }

  private HttpResponse createResource(HttpRequest request) {
    String venueId = request.path("venueId");
    return create(
        request,
        body -> CatalogRequests.createResource(venueId, body),
        (command, key) -> respond(catalog.createResource(command, key), 201, ResourceView::of));
  }

  private HttpResponse createAssignee(HttpRequest request, Assignee.Kind kind) {
    return create(
        request,
        body -> CatalogRequests.createAssignee(kind, body),
        (command, key) ->
            respond(catalog.createAssignee(command, key), 201, CatalogViews::assignee));
  }

  private HttpResponse createSlot(HttpRequest request) {
    return create(
        request,
        CatalogRequests::createSlot,
        (asked, key) ->
            respond(
                catalog.createSlot(asked.slot(), asked.lotteryClosesAt(), key),
                201,
                s -> SlotView.of(s, lotteries.of(s))));
  }

  private HttpResponse generateSlots(HttpRequest request) {
    return create(
        request,
        CatalogRequests::generateSlots,
        (command, key) -> respond(catalog.generate(command), 200, CatalogViews.GeneratedView::of));
  }

  private HttpResponse listSlots(HttpRequest request) {
    var page =
        catalog.slotsOn(
            request.requiredQuery("venueId"), request.dateQuery("date"), request.page());
    Set<String> taken = catalog.spaceTaken(page.items());
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream()
                .map(s -> SlotView.of(s, Optional.empty(), taken.contains(s.slotId())))
                .toList(),
            page.nextCursor().orElse(null)));
  }

  private HttpResponse getSlot(HttpRequest request) {
    return catalog
        .slot(request.path("slotId"))
        .map(
            s ->
                HttpResponse.json(
                    200,
                    SlotView.of(s, lotteries.of(s), !catalog.spaceTaken(List.of(s)).isEmpty())))
        .orElseGet(() -> notFound("slot"));
  }

  private HttpResponse setOpen(HttpRequest request, boolean open) {
    return respond(
        catalog.setOpen(request.requireCaller().userId(), request.path("slotId"), open),
        200,
        SlotView::of);
  }

  private HttpResponse setAdmission(HttpRequest request) {
    RequestBody body = request.json().onlyFields("admission", Set.of("admission"));
    return respond(
        catalog.setAdmission(
            request.requireCaller().userId(),
            request.path("slotId"),
            body.enumeration("admission", Admission.class)),
        200,
        SlotView::of);
  }

  /** A venue as the public list shows it (GET /venues, v1.3). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record VenueListingView(
      String venueId,
      String name,
      String timeZone,
      String address,
      GeoPoint location,
      Long distanceMeters) {
    static VenueListingView of(VenueFinder.Found f) {
      Venue v = f.venue();
      return new VenueListingView(
          v.venueId(),
          v.name(),
          v.timeZone().getId(),
          v.address().orElse(null),
          v.location().orElse(null),
          f.distanceMetres().isPresent() ? f.distanceMetres().getAsLong() : null);
    }
  }
}
