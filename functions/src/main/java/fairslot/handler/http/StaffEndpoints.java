package fairslot.handler.http;

import static fairslot.handler.http.Responses.booked;
import static fairslot.handler.http.Responses.respond;

import fairslot.booking.domain.Booking;
import fairslot.handler.http.BookingViews.BookingView;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.RequestBody;
import fairslot.handler.internal.VenueGate;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.shared.Json;
import fairslot.staff.app.DeskService;
import fairslot.staff.app.StaffService;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** The front desk: walk-ins, search, check-in, payment at the desk and refunds. */
public final class StaffEndpoints implements Endpoints {
  private final StaffService staff;
  private final DeskService desk;
  private final VenueGate gate;
  private final IdempotencyKeys idempotency;
  private final Clock clock;

  public StaffEndpoints(
      StaffService staff,
      DeskService desk,
      VenueGate gate,
      IdempotencyKeys idempotency,
      Clock clock) {
    this.idempotency = idempotency;
    this.staff = staff;
    this.desk = desk;
    this.gate = gate;
    this.clock = clock;
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "POST /staff/bookings",
        "GET /staff/bookings",
        "POST /staff/bookings/{bookingId}/check-in",
        "POST /staff/bookings/{bookingId}/offline-payment",
        "POST /staff/bookings/{bookingId}/refund");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /staff/bookings" -> walkIn(request);
      case "GET /staff/bookings" -> search(request);
      case "POST /staff/bookings/{bookingId}/check-in" -> onBooking(request, staff::checkIn);
      case "POST /staff/bookings/{bookingId}/offline-payment" ->
          onBooking(request, staff::offlinePayment);
      case "POST /staff/bookings/{bookingId}/refund" -> refund(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  /**
   * {@code {amountMinor?, reason?}}, or no body: all that is left (v1.3). With an Idempotency-Key,
   * a retry, or a twin racing the first, answers what the first did and refunds nothing more.
   */
  private HttpResponse refund(HttpRequest request) {
    Caller caller = request.requireCaller();
    PaymentViews.RefundAsked asked = PaymentViews.RefundAsked.of(request);
    Optional<Long> amountMinor = asked.amountMinor();
    Optional<String> why = asked.reason();
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, asked.body());
    Instant now = clock.instant();
    return idempotency.once(
        key,
        () ->
            onBooking(
                request,
                (by, id) ->
                    staff.refund(
                        by,
                        id,
                        amountMinor,
                        why,
                        key,
                        b -> new StoredResponse(200, Json.write(BookingView.of(b, now))))));
  }

  private HttpResponse walkIn(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json();
    var walkIn = StaffRequests.WalkIn.from(body);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return booked(
        desk.walkIn(caller.userId(), walkIn.slotId(), walkIn.quantity(), walkIn.customer(), key));
  }

  private HttpResponse search(HttpRequest request) {
    var query = StaffRequests.search(request);
    Instant now = clock.instant();
    return respond(
        desk.search(query, request.page()),
        200,
        page ->
            new ListView<>(
                gate.limit(request, page.items(), b -> Optional.of(b.slot().venueId())).stream()
                    .map(b -> BookingView.of(b, now))
                    .toList(),
                page.nextCursor().orElse(null)));
  }

  private HttpResponse onBooking(
      HttpRequest request, BiFunction<String, String, Outcome<Booking>> action) {
    return respond(
        action.apply(request.requireCaller().userId(), request.path("bookingId")),
        200,
        b ->
            b.group().isEmpty()
                ? BookingView.of(b, clock.instant())
                : BookingView.of(b, staff.lines(b), clock.instant()));
  }
}
