package fairslot.handler.http;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.RequestStatus;
import fairslot.handler.http.BookingViews.QueuedView;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.Problems;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.shared.Metrics;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** How outcomes become responses, shared by every area. */
public final class Responses {
  private Responses() {}

  public static <T> HttpResponse respond(Outcome<T> outcome, int status, Function<T, Object> view) {
    if (outcome instanceof Outcome.Done<T> done) {
      return HttpResponse.json(status, view.apply(done.value()));
    }
    return Problems.of((Outcome.Refused<?>) outcome);
  }

  public static HttpResponse noContentUnlessRefused(Outcome<?> outcome) {
    return outcome instanceof Outcome.Refused<?> refused
        ? Problems.of(refused)
        : HttpResponse.noContent();
  }

  public static HttpResponse notFound(String what) {
    return Problems.of(Refusal.NOT_FOUND, 404, "no such " + what, Map.of());
  }

  /** A booking placed by a member or at the desk: created, replayed, or queued for admission. */
  public static HttpResponse booked(Outcome<Booked> outcome) {
    if (outcome instanceof Outcome.Done<Booked> done) {
      if (done.value() instanceof Booked.Replayed replayed) {
        return IdempotencyKeys.replayed(replayed.response());
      }
      if (done.value() instanceof Booked.Queued queued) {
        String requestId = queued.request().requestId();
        Metrics.line()
            .count("BookingsQueued", 1)
            .property("slotId", queued.request().slotId())
            .property("bookingRequestId", requestId)
            .emit();
        var status = queued.request().status();
        // A lottery entry answers as it is (ENTERED, or its draw's outcome when asked again).
        boolean lottery =
            Set.of(RequestStatus.ENTERED, RequestStatus.WON, RequestStatus.WAITLISTED)
                .contains(status);
        return HttpResponse.json(202, new QueuedView(requestId, lottery ? status.name() : "QUEUED"))
            .withHeader("location", "/booking-requests/" + requestId);
      }
      var created = (Booked.Created) done.value();
      Metrics.line()
          .dimension("Venue", created.booking().slot().venueId())
          .count("BookingsGranted", 1)
          .property("bookingId", created.booking().bookingId())
          .property("slotId", created.booking().slotId())
          .emit();
      return HttpResponse.rawJson(created.response().status(), created.response().body());
    }
    return Problems.of((Outcome.Refused<?>) outcome);
  }

  static BookingStatus bookingStatus(String s) {
    try {
      return BookingStatus.valueOf(s);
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("status must be a booking status such as PENDING_PAY");
    }
  }
}
