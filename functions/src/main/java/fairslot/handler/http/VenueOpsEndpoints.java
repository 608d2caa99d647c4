package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import fairslot.catalog.app.SlotEdits;
import fairslot.catalog.app.VenueEdits;
import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.PolicyChange;
import fairslot.catalog.domain.ResourceEdit;
import fairslot.catalog.domain.SlotEdit;
import fairslot.catalog.domain.VenueEdit;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Currencies;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Venue operations: editing what was created (v1.1 "Venue operations"). */
public final class VenueOpsEndpoints implements Endpoints {
  private static final Set<String> SLOT_FIELDS = Set.of("priceMinor", "currency", "capacity");

  private static final Set<String> VENUE_FIELDS =
      Set.of("name", "policy", "status", "address", "location");
  private static final Set<String> RESOURCE_FIELDS = Set.of("name", "capacity", "status");

  private final SlotEdits slotEdits;
  private final VenueEdits venueEdits;

  public VenueOpsEndpoints(SlotEdits slotEdits, VenueEdits venueEdits) {
    this.slotEdits = slotEdits;
    this.venueEdits = venueEdits;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "PATCH /slots/{slotId}",
        "PATCH /venues/{venueId}",
        "PATCH /venues/{venueId}/resources/{resourceId}");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "PATCH /slots/{slotId}" -> editSlot(request);
      case "PATCH /venues/{venueId}" -> editVenue(request);
      case "PATCH /venues/{venueId}/resources/{resourceId}" -> editResource(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse editVenue(HttpRequest request) {
    RequestBody body = request.json().onlyFields("venue", VENUE_FIELDS);
    VenueEdit edit =
        new VenueEdit(
            name(body),
            body.has("policy") ? PolicyRequests.policyChange(body) : PolicyChange.NONE,
            body.optionalEnum("status", OperatingStatus.class),
            CatalogRequests.address(body),
            CatalogRequests.location(body));
    return respond(
        venueEdits.edit(request.path("venueId"), edit, request.requireCaller().userId()),
        200,
        CatalogViews.VenueView::of);
  }

  private HttpResponse editResource(HttpRequest request) {
    RequestBody body = request.json().onlyFields("resource", RESOURCE_FIELDS);
    OptionalInt capacity = body.optionalInteger("capacity");
    if (capacity.isPresent()
        && (capacity.getAsInt() < 1 || capacity.getAsInt() > CatalogRequests.MAX_CAPACITY)) {
      throw InvalidInput.unprocessable("capacity must be an integer from 1 to 100000");
    }
    ResourceEdit edit =
        new ResourceEdit(name(body), capacity, body.optionalEnum("status", OperatingStatus.class));
    return respond(
        venueEdits.edit(
            request.path("venueId"),
            request.path("resourceId"),
            edit,
            request.requireCaller().userId()),
        200,
        CatalogViews.ResourceView::of);
  }

  private static Optional<String> name(RequestBody body) {
    Optional<String> name = body.optionalText("name");
    if (name.isPresent() && name.get().isBlank()) {
      throw InvalidInput.unprocessable("name must not be blank");
    }
    return name;
  }

  private HttpResponse editSlot(HttpRequest request) {
    SlotEdit edit = slotEdit(request.json().onlyFields("slot", SLOT_FIELDS));
    return respond(
        slotEdits.edit(request.path("slotId"), edit, request.requireCaller().userId()),
        200,
        CatalogViews.SlotView::of);
  }

  static SlotEdit slotEdit(RequestBody body) {
    Optional<Long> priceMinor = Optional.empty();
    if (body.has("priceMinor")) {
      long minor = body.nonNegativeLong("priceMinor");
      if (minor > CatalogRequests.MAX_PRICE_MINOR) {
        throw InvalidInput.unprocessable("priceMinor must be from 0 to 10^12");
      }
      priceMinor = Optional.of(minor);
    }
    Optional<String> currency = body.optionalText("currency");
    if (currency.isPresent() && !Currencies.isChargeable(currency.get())) {
      throw InvalidInput.unprocessable(
          "currency must be an ISO 4217 currency, such as CNY, JPY or BHD");
    }
    OptionalInt capacity = body.optionalInteger("capacity");
    if (capacity.isPresent()
        && (capacity.getAsInt() < 1 || capacity.getAsInt() > CatalogRequests.MAX_CAPACITY)) {
      throw InvalidInput.unprocessable("capacity must be an integer from 1 to 100000");
    }
    return new SlotEdit(priceMinor, currency, capacity);
  }
}
