package fairslot.handler.http;

import static fairslot.handler.http.Responses.booked;
import static fairslot.handler.http.Responses.notFound;
import static fairslot.handler.http.Responses.respond;

import fairslot.booking.app.BookingService;
import fairslot.booking.app.QueuedAdmission;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.BookSeveral;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.coupon.domain.Coupon;
import fairslot.definitions.Role;
import fairslot.handler.http.BookingViews.BookingRequestView;
import fairslot.handler.http.BookingViews.BookingView;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.handler.internal.VenueGate;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Page;
import fairslot.kernel.Refusal;
import fairslot.shared.Json;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A member's own bookings: book, read, list, cancel, move, give away, and follow a queued request.
 */
public final class BookingEndpoints implements Endpoints {
  /** Who may act on a booking not their own: the desk, held everywhere or at its venue. */
  private static final List<Role> DESK = List.of(Role.FRONTDESK, Role.ADMIN);

  private final BookingService bookings;
  private final QueuedAdmission admission;
  private final VenueGate gate;
  private final Clock clock;

  public BookingEndpoints(
      BookingService bookings, QueuedAdmission admission, VenueGate gate, Clock clock) {
    this.bookings = bookings;
    this.admission = admission;
    this.gate = gate;
    this.clock = clock;
  }

  /** How a new booking is answered; also what a retry with the same Idempotency-Key replays. */
  public static StoredResponse createdResponse(Booking booking) {
    return new StoredResponse(201, Json.write(BookingView.of(booking, booking.createdAt())));
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /bookings",
        "GET /bookings/{bookingId}",
        "GET /me/bookings",
        "POST /bookings/{bookingId}/cancel",
        "POST /bookings/{bookingId}/transfer",
        "POST /bookings/{bookingId}/reschedule",
        "GET /booking-requests/{requestId}");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /bookings" -> book(request);
      case "GET /bookings/{bookingId}" -> getBooking(request);
      case "GET /me/bookings" -> myBookings(request);
      case "POST /bookings/{bookingId}/cancel" -> cancel(request);
      case "POST /bookings/{bookingId}/transfer" -> transfer(request);
      case "POST /bookings/{bookingId}/reschedule" -> reschedule(request);
      case "GET /booking-requests/{requestId}" -> bookingRequest(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse book(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body =
        request
            .json()
            .onlyFields(
                "booking",
                Set.of("slotId", "slotIds", "quantity", "joinWaitlist", "passId", "couponCode"));
    Optional<String> passId = body.optionalText("passId");
    Optional<String> couponCode = body.optionalText("couponCode").map(BookingEndpoints::coupon);
    if (body.has("slotIds")) {
      if (couponCode.isPresent()) {
        throw InvalidInput.unprocessable("a coupon is for a booking of one slot (slotId)");
      }
      return bookSeveral(request, caller, body, passId);
    }
    String slotId = body.text("slotId");
    int quantity = body.integer("quantity");
    boolean joinWaitlist = body.optionalBoolean("joinWaitlist").orElse(false);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return booked(
        bookings.book(
            new Book(
                caller.userId(),
                slotId,
                quantity,
                joinWaitlist,
                key,
                caller.userId(),
                passId,
                couponCode)));
  }

  /** A code as typed, as coupons keep it; one that cannot be a code is no coupon at all. */
  private static String coupon(String typed) {
    return Coupon.normalized(typed)
        .orElseThrow(
            () ->
                new InvalidInput(
                    Refusal.COUPON_INVALID,
                    422,
                    "couponCode must be 3 to 32 letters, digits, '-' or '_'"));
  }

  /** {@code slotIds} (v1.2): one booking over several slots; the waitlist is one slot's. */
  private HttpResponse bookSeveral(
      HttpRequest request, Caller caller, RequestBody body, Optional<String> passId) {
    if (body.has("slotId")) {
      throw InvalidInput.unprocessable("name the slots in slotId or in slotIds, not both");
    }
    if (body.has("joinWaitlist")) {
      throw InvalidInput.unprocessable("joinWaitlist is for a booking of one slot");
    }
    // Past 12 the service answers too_many_slots; past 100 the list is not read at all.
    List<String> slotIds = body.optionalTextsWithRepeats("slotIds", 100);
    if (slotIds.isEmpty()) {
      throw InvalidInput.unprocessable("slotIds must name at least one slot");
    }
    int quantity = body.integer("quantity");
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return booked(
        bookings.bookSeveral(
            new BookSeveral(caller.userId(), slotIds, quantity, key, caller.userId(), passId)));
  }

  private HttpResponse getBooking(HttpRequest request) {
    return bookings
        .booking(request.requireCaller().userId(), request.path("bookingId"))
        .map(b -> HttpResponse.json(200, view(b)))
        .orElseGet(() -> notFound("booking"));
  }

  private HttpResponse myBookings(HttpRequest request) {
    Optional<BookingStatus> status = request.queryParam("status").map(Responses::bookingStatus);
    Page<Booking> page = bookings.bookingsOf(request.requireCaller().userId(), request.page());
    var now = clock.instant();
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream()
                .filter(b -> status.isEmpty() || b.statusAt(now) == status.get())
                .map(this::view)
                .toList(),
            page.nextCursor().orElse(null)));
  }

  /** A booking as it is now; one of several slots with each of its slots as it is. */
  private BookingView view(Booking b) {
    return b.group().isEmpty()
        ? BookingView.of(b, clock.instant())
        : BookingView.of(b, bookings.lines(b), clock.instant());
  }

  private HttpResponse cancel(HttpRequest request) {
    return respond(
        bookings.cancel(request.requireCaller().userId(), request.path("bookingId")),
        200,
        this::view);
  }

  /** The owner gives their booking away; the desk (frontdesk, admin) may give anyone's. */
  private HttpResponse transfer(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("transfer", Set.of("toUserId"));
    boolean desk = gate.atBookingsVenue(caller, DESK, request.path("bookingId"));
    return respond(
        bookings.transfer(caller.userId(), desk, request.path("bookingId"), body.text("toUserId")),
        200,
        b -> BookingView.of(b, clock.instant()));
  }

  /** The owner moves their booking; the desk (frontdesk, admin) may move anyone's. */
  private HttpResponse reschedule(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("reschedule", Set.of("fromSlotId", "toSlotId"));
    boolean desk = gate.atBookingsVenue(caller, DESK, request.path("bookingId"));
    return respond(
        bookings.reschedule(
            caller.userId(),
            desk,
            request.path("bookingId"),
            body.optionalText("fromSlotId"),
            body.text("toSlotId")),
        200,
        this::view);
  }

  private HttpResponse bookingRequest(HttpRequest request) {
    return admission
        .request(request.requireCaller().userId(), request.path("requestId"))
        .map(r -> HttpResponse.json(200, BookingRequestView.of(r)))
        .orElseGet(() -> notFound("booking request"));
  }
}
