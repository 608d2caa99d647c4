package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import fairslot.catalog.app.CatalogService;
import fairslot.catalog.domain.Availability;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.kernel.VenueTime;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code GET /availability} (public, v1.2): free runs of one resource covering a duration. */
public final class AvailabilityEndpoints implements Endpoints {
  /** The longest run asked for: a day, the longest slot. */
  static final Duration MAX_DURATION = Duration.ofHours(24);

  static final int MAX_QUANTITY = 1000;

  private final CatalogService catalog;

  public AvailabilityEndpoints(CatalogService catalog) {
    this.catalog = catalog;
  }

  @Override
  public List<String> routeKeys() {
    return List.of("GET /availability");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /availability" -> availability(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse availability(HttpRequest request) {
    String venueId = request.requiredQuery("venueId");
    var date = request.dateQuery("date");
    Availability.Wanted wanted =
        new Availability.Wanted(duration(request), quantity(request), kind(request));
    return respond(
        catalog.availability(venueId, date, wanted),
        200,
        runs -> new AvailabilityView(runs.stream().map(RunView::of).toList()));
  }

  private static Duration duration(HttpRequest request) {
    Duration d;
    try {
      d = Duration.parse(request.requiredQuery("duration"));
    } catch (DateTimeParseException e) {
      throw InvalidInput.unprocessable("duration must be an ISO-8601 duration such as PT2H");
    }
    if (d.isNegative() || d.isZero() || d.compareTo(MAX_DURATION) > 0) {
      throw InvalidInput.unprocessable("duration must be more than zero and at most PT24H");
    }
    return d;
  }

  private static int quantity(HttpRequest request) {
    Optional<String> raw = request.queryParam("quantity");
    if (raw.isEmpty()) {
      return 1;
    }
    try {
      int q = Integer.parseInt(raw.get());
      if (q >= 1 && q <= MAX_QUANTITY) {
        return q;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw InvalidInput.unprocessable("quantity must be an integer from 1 to " + MAX_QUANTITY);
  }

  private static Optional<ResourceKind> kind(HttpRequest request) {
    Optional<String> raw = request.queryParam("kind");
    if (raw.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ResourceKind.valueOf(raw.get().toUpperCase(Locale.ROOT)));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("kind must be EXCLUSIVE, SEATS or RENTAL");
    }
  }

  public record AvailabilityView(List<RunView> items) {}

  /** A run in the venue's zone; the price is for the quantity asked, every slot of the run. */
  public record RunView(
      String resourceId,
      String start,
      String end,
      List<String> slotIds,
      long priceMinor,
      String currency) {
    static RunView of(Availability.Run run) {
      ZoneId zone = run.slots().get(0).timeZone();
      return new RunView(
          run.resourceId(),
          VenueTime.show(run.start(), zone),
          VenueTime.show(run.end(), zone),
          run.slots().stream().map(Slot::slotId).toList(),
          run.price().minor(),
          run.price().currency());
    }
  }
}
