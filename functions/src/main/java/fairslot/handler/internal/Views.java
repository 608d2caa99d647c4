package fairslot.handler.internal;

import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.Resource;
import fairslot.domain.Slot;
import fairslot.domain.Venue;
import fairslot.domain.VenueTime;
import java.time.Instant;

/** Response bodies of the contract. Records keep field order stable, so bodies replay byte for byte. */
public final class Views {
  private Views() {}

  public record PolicyView(String holdDuration, String cancelCutoff, String offerDuration,
      String waitlistMode, int maxPerBooking) {}

  public record VenueView(String venueId, String name, String timeZone, PolicyView policy) {
    public static VenueView of(Venue v) {
      var p = v.policy();
      return new VenueView(v.venueId(), v.name(), v.timeZone().getId(), new PolicyView(
          p.holdDuration().toString(), p.cancelCutoff().toString(), p.offerDuration().toString(),
          p.waitlistMode().name(), p.maxPerBooking()));
    }
  }

  public record ResourceView(String resourceId, String venueId, String name, String kind, int capacity) {
    public static ResourceView of(Resource r) {
      return new ResourceView(r.resourceId(), r.venueId(), r.name(), r.kind().name(), r.capacity());
    }
  }

  public record SlotView(String slotId, String venueId, String resourceId, String kind, String start, String end,
      int capacity, int remaining, String status, long priceMinor, String currency, String admission,
      int waitlistLength) {
    public static SlotView of(Slot s) {
      return new SlotView(s.slotId(), s.venueId(), s.resourceId(), s.kind().name(),
          VenueTime.show(s.interval().start(), s.timeZone()), VenueTime.show(s.interval().end(), s.timeZone()),
          s.capacity(), s.remaining(), s.status().name(), s.price().minor(), s.price().currency(),
          s.admission().name(), s.waitlistLength());
    }
  }

  public record BookedSlotView(String slotId, String venueId, String resourceId, String kind, String start,
      String end) {}

  public record BookingView(String bookingId, String slotId, String userId, int quantity, String status,
      long amountMinor, String currency, String holdExpiresAt, String createdAt, BookedSlotView slot) {

    /** {@code status} is what the booking is at {@code now} (an overdue hold reads EXPIRED). */
    public static BookingView of(Booking b, Instant now) {
      BookingStatus status = b.statusAt(now);
      var slot = b.slot();
      return new BookingView(b.bookingId(), b.slotId(), b.userId(), b.quantity(), status.name(),
          b.amount().minor(), b.amount().currency(),
          status == BookingStatus.PENDING_PAY
              ? b.holdExpiresAt().map(t -> VenueTime.show(t, slot.timeZone())).orElse(null)
              : null,
          VenueTime.show(b.createdAt(), slot.timeZone()),
          new BookedSlotView(b.slotId(), slot.venueId(), slot.resourceId(), slot.kind().name(),
              VenueTime.show(slot.interval().start(), slot.timeZone()),
              VenueTime.show(slot.interval().end(), slot.timeZone())));
    }
  }

  public record PaymentView(String paymentNo, long amountMinor, String currency, String provider, String status) {
    public static PaymentView of(fairslot.domain.Payment p) {
      return new PaymentView(p.paymentNo(), p.amount().minor(), p.amount().currency(), p.provider(), p.status().name());
    }
  }

  /** Audit times are UTC instants: an entry may concern several venues' zones. */
  public record AuditView(String at, String actor, String entity, String from, String to, String reason) {
    public static AuditView of(fairslot.domain.AuditEntry e) {
      return new AuditView(e.at().toString(), e.actor(), e.entity(), e.from(), e.to(), e.reason());
    }
  }

  public record QueuedView(String requestId, String status) {}

  @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
  public record BookingRequestView(String requestId, String status, String bookingId, String code,
      String waitlistEntryId) {
    public static BookingRequestView of(fairslot.domain.BookingRequest r) {
      return new BookingRequestView(r.requestId(), r.status().name(), r.bookingId().orElse(null),
          r.code().orElse(null), r.waitlistEntryId().orElse(null));
    }
  }

  public record WaitlistJoinView(String entryId, int position, String status) {}

  /** {@code position} is the live place in line while WAITING (1 = next), 0 once out of line. */
  public record WaitlistEntryView(String entryId, int position, String status, String offerExpiresAt,
      String bookingId) {
    public static WaitlistEntryView of(fairslot.app.WaitlistService.Place place, Instant now, java.time.ZoneId zone) {
      var e = place.entry();
      var status = e.statusAt(now);
      return new WaitlistEntryView(e.entryId(), place.position(), status.name(),
          status == fairslot.domain.WaitlistStatus.OFFERED
              ? e.offerExpiresAt().map(t -> VenueTime.show(t, zone)).orElse(null) : null,
          e.bookingId().orElse(null));
    }
  }

  public record ListView<T>(java.util.List<T> items, String nextCursor) {}
}
