package fairslot.handler.integration;

import static fairslot.handler.http.Responses.notFound;
import static fairslot.handler.http.Responses.respond;

import fairslot.booking.app.BookingService;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogService;
import fairslot.definitions.Role;
import fairslot.handler.http.BookingViews.BookingView;
import fairslot.handler.http.Endpoints;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.Tickets;
import fairslot.handler.internal.VenueGate;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import fairslot.staff.app.StaffService;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * QR check-in (API.md v1.2): the member's signed ticket, the venue's public keys for door devices,
 * and the desk's check-in by ticket. The venue check of the check-in is the gate's (BODY_TICKET):
 * it finds the venue only through a ticket that verifies, so a forgery is a 401, never a 403.
 */
public final class TicketEndpoints implements Endpoints {
  private final Tickets tickets;
  private final BookingService bookings;
  private final StaffService staff;
  private final CatalogService catalog;
  private final VenueGate gate;
  private final Clock clock;

  /** Who may check in by ticket: the roles of the route, globally or at the booking's venue. */
  private static final List<Role> DESK = List.of(Role.FRONTDESK, Role.ADMIN);

  public TicketEndpoints(
      Tickets tickets,
      BookingService bookings,
      StaffService staff,
      CatalogService catalog,
      VenueGate gate,
      Clock clock) {
    this.tickets = tickets;
    this.bookings = bookings;
    this.staff = staff;
    this.catalog = catalog;
    this.gate = gate;
    this.clock = clock;
  }

  /** What the member shows at the door. */
  public record TicketView(String ticket, String bookingId, String venueId, String expiresAt) {}

  @Override
  public List<String> routeKeys() {
    return List.of(
        "GET /bookings/{bookingId}/ticket",
        "GET /venues/{venueId}/ticket-keys",
        "POST /staff/check-in");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /bookings/{bookingId}/ticket" -> ticket(request);
      case "GET /venues/{venueId}/ticket-keys" -> keys(request);
      case "POST /staff/check-in" -> checkIn(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse ticket(HttpRequest request) {
    Instant now = clock.instant();
    return bookings
        .booking(request.requireCaller().userId(), request.path("bookingId"))
        .map(b -> ticketOf(sessionOf(b, now), now))
        .orElseGet(() -> notFound("booking"));
  }

  /**
   * The line a ticket is for: a booking of several slots is checked in slot by slot, so its ticket
   * is the next of its PAID slots not yet ended (asked again for each session).
   */
  private Booking sessionOf(Booking b, Instant now) {
    if (b.group().isEmpty()) {
      return b;
    }
    return bookings.lines(b).stream()
        .filter(l -> l.status() == BookingStatus.PAID && now.isBefore(l.slot().interval().end()))
        .min(Comparator.comparing((Booking l) -> l.slot().interval().start()))
        .orElse(b);
  }

  private HttpResponse ticketOf(Booking b, Instant now) {
    BookingStatus status = b.statusAt(now);
    if (status != BookingStatus.PAID && status != BookingStatus.COMPLETED) {
      return Problems.of(
          Refusal.INVALID_TRANSITION,
          409,
          "a ticket is for a PAID booking, not " + status,
          Map.of("status", status.name()));
    }
    var slot = b.slot();
    Tickets.Claims claims =
        new Tickets.Claims(
            b.bookingId(),
            b.userId(),
            slot.venueId(),
            b.slotId(),
            slot.interval().start(),
            slot.interval().end());
    return HttpResponse.json(
        200,
        new TicketView(
            tickets.issue(claims),
            b.bookingId(),
            slot.venueId(),
            VenueTime.show(claims.expires(), slot.timeZone())));
  }

  private HttpResponse keys(HttpRequest request) {
    String venueId = request.path("venueId");
    return catalog.venue(venueId).isEmpty()
        ? notFound("venue")
        : HttpResponse.json(200, tickets.keysOf(venueId));
  }

  private HttpResponse checkIn(HttpRequest request) {
    String ticket =
        request
            .json()
            .onlyFields("check-in", Set.of("ticket"))
            .longText("ticket", Tickets.MAX_LENGTH);
    Caller caller = request.requireCaller();
    return tickets
        .verify(ticket, clock.instant())
        .map(
            c ->
                // The gate found the venue through the same ticket; this holds even if it did not.
                gate.atVenue(caller, DESK, c.venueId())
                    ? respond(
                        staff.checkInByTicket(
                            caller.userId(), c.bookingId(), c.userId(), c.slotId()),
                        200,
                        (Booking b) -> BookingView.of(b, clock.instant()))
                    : Problems.of(
                        Refusal.FORBIDDEN, 403, "this ticket is for another venue", Map.of()))
        .orElseGet(
            () ->
                Problems.of(
                    Refusal.INVALID_TICKET,
                    401,
                    "not a ticket of this venue's: forged, altered or expired",
                    Map.of()));
  }
}
