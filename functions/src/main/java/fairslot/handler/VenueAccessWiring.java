package fairslot.handler;

import fairslot.handler.internal.Tickets;
import fairslot.handler.internal.VenueGate;
import fairslot.notification.domain.Delivery;
import fairslot.staff.app.StaffAccess;
import fairslot.staff.app.VenueStaff;
import fairslot.staff.store.DynamoDbStaffStore;
import java.time.Clock;
import java.util.Optional;

/**
 * Venue roles wired: the staff store, the per-container access cache, staff administration, and the
 * gate that finds the venue of what a staff request touches through the features' stores.
 */
record VenueAccessWiring(VenueStaff staff, VenueGate gate) {

  static VenueAccessWiring on(Stores stores, DynamoDbStaffStore staffStore, Clock clock) {
    Tickets tickets = Tickets.deployment();
    StaffAccess access = new StaffAccess(staffStore, clock);
    VenueGate.Lookups lookups =
        new VenueGate.Lookups() {
          @Override
          public Optional<String> slotVenue(String slotId) {
            return stores.catalog().findSlot(slotId).map(s -> s.venueId());
          }

          @Override
          public Optional<String> bookingVenue(String bookingId) {
            return stores.bookings().findBooking(bookingId).map(b -> b.slot().venueId());
          }

          @Override
          public Optional<String> resourceVenue(String resourceId) {
            return stores.catalog().findResource(resourceId).map(r -> r.venueId());
          }

          @Override
          public Optional<String> planVenue(String planId) {
            return stores.passes().findPlan(planId).map(p -> p.venueId());
          }

          @Override
          public Optional<String> passVenue(String passId) {
            return stores.passes().findPass(passId).map(p -> p.venueId());
          }

          @Override
          public Optional<String> exceptionVenue(String exceptionId) {
            return stores.finance().find(exceptionId).map(e -> e.venueId().orElse(""));
          }

          @Override
          public Optional<String> notificationVenue(String notificationId) {
            // Not an id of ours: empty, and the endpoint answers it.
            return Delivery.Id.decode(notificationId).flatMap(id -> slotVenue(id.about().slotId()));
          }

          @Override
          public Optional<String> ticketVenue(String ticket) {
            // Signed, and a booking never changes venue: the claim is the booking's venue.
            return tickets.verify(ticket, clock.instant()).map(Tickets.Claims::venueId);
          }
        };
    return new VenueAccessWiring(
        new VenueStaff(staffStore, stores.catalog(), access, clock),
        new VenueGate(access, lookups));
  }
}
