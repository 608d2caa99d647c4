package fairslot.handler.integration;

import static fairslot.handler.http.Responses.notFound;

import fairslot.booking.app.BookingService;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogService;
import fairslot.handler.http.Endpoints;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.member.app.CalendarFeeds;
import fairslot.member.domain.IcsFeed;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The member's calendar feed (API.md v1.2 "Calendar"): the secret feed address, its rotation, and
 * the feed itself, which calendar apps fetch with no token but the one in its address.
 */
public final class CalendarEndpoints implements Endpoints {
  /** Bookings that hold a seat: a hold shows as tentative, a paid or attended one as confirmed. */
  private static final Set<BookingStatus> LISTED =
      Set.of(BookingStatus.PENDING_PAY, BookingStatus.PAID, BookingStatus.COMPLETED);

  /** The most bookings a feed reads (newest first), so a fetch stays a few index pages. */
  private static final int MAX_READ = 600;

  private final CalendarFeeds feeds;
  private final BookingService bookings;
  private final CatalogService catalog;
  private final Clock clock;

  public CalendarEndpoints(
      CalendarFeeds feeds, BookingService bookings, CatalogService catalog, Clock clock) {
    this.feeds = feeds;
    this.bookings = bookings;
    this.catalog = catalog;
    this.clock = clock;
  }

  /** The feed's address: {@code path} on this API (the token is the only secret in it). */
  public record CalendarView(String token, String path) {
    static CalendarView of(String token) {
      return new CalendarView(token, "/me/calendar.ics?token=" + token);
    }
  }

  @Override
  public List<String> routeKeys() {
    return List.of("GET /me/calendar", "POST /me/calendar/rotate", "GET /me/calendar.ics");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /me/calendar" ->
          HttpResponse.json(200, CalendarView.of(feeds.token(request.requireCaller().userId())));
      case "POST /me/calendar/rotate" ->
          HttpResponse.json(200, CalendarView.of(feeds.rotate(request.requireCaller().userId())));
      case "GET /me/calendar.ics" -> feed(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse feed(HttpRequest request) {
    String token =
        request
            .queryParam("token")
            .orElseThrow(() -> InvalidInput.unprocessable("token is required"));
    Optional<String> member = feeds.member(token);
    if (member.isEmpty()) {
      return notFound("calendar feed (a rotated address stops working)");
    }
    Instant now = clock.instant();
    List<IcsFeed.Event> events = new ArrayList<>();
    Map<String, String> names = new HashMap<>();
    Optional<String> cursor = Optional.empty();
    int read = 0;
    do {
      Page<Booking> page = bookings.bookingsOf(member.get(), new PageRequest(200, cursor));
      read += page.items().size();
      for (Booking b : page.items()) {
        BookingStatus status = b.statusAt(now);
        if (LISTED.contains(status)) {
          events.add(event(b, status, names));
        }
      }
      cursor = page.nextCursor();
    } while (cursor.isPresent() && read < MAX_READ);
    return new HttpResponse(
        200,
        Map.of(
            "content-type", "text/calendar; charset=utf-8",
            "cache-control", "private, max-age=300"),
        IcsFeed.of("fairslot", events, now));
  }

  private IcsFeed.Event event(Booking b, BookingStatus status, Map<String, String> names) {
    var slot = b.slot();
    String resource =
        names.computeIfAbsent(
            "r" + slot.resourceId(),
            k -> catalog.resource(slot.resourceId()).map(r -> r.name()).orElse("Booking"));
    String venue =
        names.computeIfAbsent(
            "v" + slot.venueId(), k -> catalog.venue(slot.venueId()).map(v -> v.name()).orElse(""));
    String summary = venue.isEmpty() ? resource : resource + " · " + venue;
    String description =
        "Booking "
            + b.bookingId()
            + ", "
            + b.quantity()
            + (b.quantity() == 1 ? " place, " : " places, ")
            + status.name();
    return new IcsFeed.Event(
        b.bookingId(),
        slot.interval().start(),
        slot.interval().end(),
        slot.timeZone(),
        summary,
        description,
        status != BookingStatus.PENDING_PAY);
  }
}
