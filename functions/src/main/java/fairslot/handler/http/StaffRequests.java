package fairslot.handler.http;

import fairslot.booking.domain.BookingStatus;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.member.app.Customer;
import fairslot.member.domain.Phone;
import fairslot.staff.app.DeskService;
import java.time.LocalDate;
import java.util.Optional;
import java.util.Set;

/** The desk's request bodies and queries, read and checked. */
final class StaffRequests {
  private StaffRequests() {}

  /** A booking made at the desk for a member account or for a walk-in known by phone. */
  record WalkIn(String slotId, int quantity, Customer customer) {
    /** The body's {@code customer}: exactly one of userId or phone (with name). */
    static Customer customer(RequestBody body) {
      RequestBody who =
          body.object("customer").onlyFields("customer", Set.of("userId", "phone", "name"));
      if (who.has("userId") == who.has("phone")) {
        throw InvalidInput.unprocessable(
            "customer needs exactly one of userId or phone (with name)");
      }
      return who.has("userId")
          ? new Customer.Account(who.text("userId"))
          : new Customer.ByPhone(phone(who.text("phone"), "customer.phone"), who.text("name"));
    }

    static WalkIn from(RequestBody body) {
      body.onlyFields("walk-in", Set.of("slotId", "quantity", "customer"));
      String slotId = body.text("slotId");
      int quantity = body.integer("quantity");
      return new WalkIn(slotId, quantity, customer(body));
    }
  }

  static DeskService.Search search(HttpRequest request) {
    Optional<LocalDate> date = request.queryParam("date").map(d -> request.dateQuery("date"));
    Optional<BookingStatus> status = request.queryParam("status").map(Responses::bookingStatus);
    Optional<Phone> phone = request.queryParam("phone").map(p -> phone(p, "phone"));
    return new DeskService.Search(
        request.queryParam("venueId"), date, status, phone, request.queryParam("userId"));
  }

  private static Phone phone(String text, String field) {
    return Phone.parse(text)
        .orElseThrow(
            () ->
                InvalidInput.unprocessable(
                    field + " must be a phone number: an optional + and 6 to 15 digits"));
  }
}
