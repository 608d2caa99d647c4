package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.MinimumDecision;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Money;
import fairslot.notification.app.MessageFactsReader;
import fairslot.notification.domain.MessageFacts;
import fairslot.notification.domain.MessageTemplates;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.app.WaitlistStore;
import java.time.Instant;
import java.util.Optional;

/**
 * Reads what a message states, once, when its notice is dispatched: the slot and its venue, and the
 * deadline or amount its kind is about (an offer's deadline, a hold's, a refund's amount).
 */
public final class BookingMessageFacts implements MessageFactsReader {
  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final WaitlistStore waitlist;

  public BookingMessageFacts(CatalogStore catalog, BookingStore bookings, WaitlistStore waitlist) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.waitlist = waitlist;
  }

  @Override
  public MessageFacts factsOf(Notification n) {
    Slot slot =
        catalog
            .findSlot(n.slotId())
            .orElseThrow(() -> new IllegalStateException("no slot " + n.slotId()));
    String venueName = catalog.findVenue(slot.venueId()).map(Venue::name).orElse(slot.venueId());
    Optional<Instant> deadline = Optional.empty();
    Optional<Money> amount = Optional.empty();
    switch (n.kind()) {
      case OFFER_MADE -> deadline = waitlist.find(n.ref()).flatMap(e -> e.offerExpiresAt());
      case HOLD_EXPIRING ->
          deadline = bookings.findBooking(n.ref()).flatMap(Booking::holdExpiresAt);
      case REFUNDED -> amount = bookings.findBooking(n.ref()).map(Booking::owedBack);
      default -> {
        // the slot says it all
      }
    }
    // A slot cancelled by its minimum decision says so; any other cancel was the venue's.
    Optional<String> reason =
        n.kind() == Notification.Kind.SLOT_CANCELLED
                && slot.rules()
                    .minimum()
                    .map(m -> m.decision() instanceof MinimumDecision.UnderMinimum)
                    .orElse(false)
            ? Optional.of(MessageTemplates.UNDER_MINIMUM)
            : Optional.empty();
    return new MessageFacts(venueName, slot.timeZone(), slot.interval(), deadline, amount, reason);
  }
}
