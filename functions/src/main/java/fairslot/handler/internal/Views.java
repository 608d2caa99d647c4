package fairslot.handler.internal;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.VenueTime;
import java.time.Instant;

/**
 * Response bodies of the contract. Records keep field order stable, so bodies replay byte for byte.
 */
public final class Views {
  private Views() {}

  public record PolicyView(
      String holdDuration,
      String cancelCutoff,
      String offerDuration,
      String waitlistMode,
      int maxPerBooking,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          BookingWindowView bookingWindow,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          java.util.List<CancelTierView> cancelTiers,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          Integer maxUpcomingPerMember,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          NoShowPolicyView noShowPolicy,
      String reminderBefore) {
    static PolicyView of(fairslot.catalog.domain.VenuePolicy p) {
      return new PolicyView(
          p.holdDuration().toString(),
          p.cancelCutoff().toString(),
          p.offerDuration().toString(),
          p.waitlistMode().name(),
          p.maxPerBooking(),
          BookingWindowView.of(p.bookingWindow()),
          p.cancelTiers().isEmpty() ? null : CancelTierView.of(p.cancelTiers()),
          p.maxUpcomingPerMember().isPresent() ? p.maxUpcomingPerMember().getAsInt() : null,
          p.noShowPolicy()
              .map(
                  r ->
                      new NoShowPolicyView(
                          r.strikes(), r.window().toString(), r.suspension().toString()))
              .orElse(null),
          p.reminderBefore().toString());
    }
  }

  public record CancelTierView(String before, int refundPercent) {
    static java.util.List<CancelTierView> of(fairslot.catalog.domain.CancelTiers tiers) {
      return tiers.tiers().stream()
          .map(t -> new CancelTierView(t.before().toString(), t.refundPercent()))
          .toList();
    }
  }

  public record NoShowPolicyView(int strikes, String window, String suspension) {}

  /** A venue's booking window; absent from the policy when members may book any time. */
  @com.fasterxml.jackson.annotation.JsonInclude(
      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
  public record BookingWindowView(String opensBefore, String closesBefore) {
    static BookingWindowView of(fairslot.catalog.domain.BookingWindow w) {
      return w.equals(fairslot.catalog.domain.BookingWindow.ALWAYS)
          ? null
          : new BookingWindowView(
              w.opensBefore().map(Object::toString).orElse(null), w.closesBefore().toString());
    }
  }

  public record VenueView(
      String venueId, String name, String timeZone, PolicyView policy, String status) {
    public static VenueView of(Venue v) {
      var p = v.policy();
      return new VenueView(
          v.venueId(), v.name(), v.timeZone().getId(), PolicyView.of(p), v.status().name());
    }
  }

  public record ResourceView(
      String resourceId, String venueId, String name, String kind, int capacity, String status) {
    public static ResourceView of(Resource r) {
      return new ResourceView(
          r.resourceId(), r.venueId(), r.name(), r.kind().name(), r.capacity(), r.status().name());
    }
  }

  /** The policy a booking was made under (v1.1): later venue edits do not change it. */
  public record BookingPolicyView(
      String holdDuration, String cancelCutoff, java.util.List<CancelTierView> cancelTiers) {}

  public record SlotView(
      String slotId,
      String venueId,
      String resourceId,
      String kind,
      String start,
      String end,
      int capacity,
      int remaining,
      String status,
      long priceMinor,
      String currency,
      String admission,
      int waitlistLength,
      String coachId,
      String roomId) {
    public static SlotView of(Slot s) {
      return new SlotView(
          s.slotId(),
          s.venueId(),
          s.resourceId(),
          s.kind().name(),
          VenueTime.show(s.interval().start(), s.timeZone()),
          VenueTime.show(s.interval().end(), s.timeZone()),
          s.capacity(),
          s.remaining(),
          // A slot of a disabled venue or resource takes no bookings: to a customer it is closed.
          s.status() == fairslot.catalog.domain.SlotStatus.OPEN && !s.onSale()
              ? fairslot.catalog.domain.SlotStatus.CLOSED.name()
              : s.status().name(),
          s.price().minor(),
          s.price().currency(),
          s.admission().name(),
          s.waitlistLength(),
          s.assignment().coachId().orElse(null),
          s.assignment().roomId().orElse(null));
    }
  }

  public record CoachView(String coachId, String venueId, String name) {}

  public record RoomView(String roomId, String venueId, String name) {}

  /** A coach or room as the contract shows it: {coachId|roomId, venueId, name}. */
  public static Object assignee(fairslot.catalog.domain.Assignee a) {
    return a.kind() == fairslot.catalog.domain.Assignee.Kind.COACH
        ? new CoachView(a.id(), a.venueId(), a.name())
        : new RoomView(a.id(), a.venueId(), a.name());
  }

  public record ShiftedView(String date, String requestedStart, String start) {}

  public record RejectedView(String start, String code, String detail, Object conflicts) {}

  public record GeneratedView(
      int created,
      int skipped,
      java.util.List<String> slotIds,
      java.util.List<ShiftedView> shifted,
      java.util.List<RejectedView> rejected) {
    public static GeneratedView of(fairslot.catalog.app.CatalogService.Generated g) {
      java.time.ZoneId zone = g.zone();
      return new GeneratedView(
          g.created().size(),
          g.skipped(),
          g.created().stream().map(Slot::slotId).toList(),
          g.shifted().stream()
              .map(
                  p ->
                      new ShiftedView(
                          p.date().toString(),
                          p.requestedStart().toString(),
                          VenueTime.show(p.interval().start(), zone)))
              .toList(),
          g.rejected().stream()
              .map(
                  r ->
                      new RejectedView(
                          VenueTime.show(r.start(), zone),
                          r.refusal().code(),
                          r.detail(),
                          r.extras().get("conflicts")))
              .toList());
    }
  }

  public record SlotCancelledView(
      SlotView slot, int bookingsCancelled, int refundsStarted, int waitlistClosed) {
    public static SlotCancelledView of(fairslot.catalog.app.SlotCancellation.Cancelled c) {
      return new SlotCancelledView(
          SlotView.of(c.slot()), c.bookingsCancelled(), c.refundsStarted(), c.waitlistClosed());
    }
  }

  public record BookedSlotView(
      String slotId, String venueId, String resourceId, String kind, String start, String end) {}

  public record BookingView(
      String bookingId,
      String slotId,
      String userId,
      int quantity,
      String status,
      long amountMinor,
      String currency,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          Long refundMinor,
      String holdExpiresAt,
      String createdAt,
      BookedSlotView slot,
      BookingPolicyView policy,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          String passId) {

    /** {@code status} is what the booking is at {@code now} (an overdue hold reads EXPIRED). */
    public static BookingView of(Booking b, Instant now) {
      BookingStatus status = b.statusAt(now);
      var slot = b.slot();
      return new BookingView(
          b.bookingId(),
          b.slotId(),
          b.userId(),
          b.quantity(),
          status.name(),
          b.amount().minor(),
          b.amount().currency(),
          b.refund().map(fairslot.kernel.Money::minor).orElse(null),
          status == BookingStatus.PENDING_PAY
              ? b.holdExpiresAt().map(t -> VenueTime.show(t, slot.timeZone())).orElse(null)
              : null,
          VenueTime.show(b.createdAt(), slot.timeZone()),
          new BookedSlotView(
              b.slotId(),
              slot.venueId(),
              slot.resourceId(),
              slot.kind().name(),
              VenueTime.show(slot.interval().start(), slot.timeZone()),
              VenueTime.show(slot.interval().end(), slot.timeZone())),
          new BookingPolicyView(
              slot.holdDuration().toString(),
              slot.cancelCutoff().toString(),
              CancelTierView.of(slot.cancelTiers())),
          b.pass().map(fairslot.pass.domain.PassUse::passId).orElse(null));
    }
  }

  public record PlanView(
      String planId,
      String venueId,
      String name,
      String kind,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          Integer credits,
      String validity,
      java.util.List<String> resourceIds,
      long priceMinor,
      String currency) {
    public static PlanView of(fairslot.pass.domain.Plan p) {
      return new PlanView(
          p.planId(),
          p.venueId(),
          p.name(),
          p.kind().name(),
          p.kind() == fairslot.pass.domain.PlanKind.PACK ? p.credits() : null,
          p.validity().toString(),
          p.resourceIds().stream().sorted().toList(),
          p.price().minor(),
          p.price().currency());
    }
  }

  /** A pass as its holder sees it at {@code now}; {@code validUntil} absent until it is paid. */
  public record PassView(
      String passId,
      String planId,
      String userId,
      String venueId,
      String name,
      String kind,
      String status,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          Integer creditsLeft,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          String validUntil,
      long priceMinor,
      String currency) {
    public static PassView of(fairslot.pass.domain.Pass p, Instant now) {
      boolean pack = p.plan().kind() == fairslot.pass.domain.PlanKind.PACK;
      return new PassView(
          p.passId(),
          p.plan().planId(),
          p.userId(),
          p.venueId(),
          p.plan().name(),
          p.plan().kind().name(),
          p.statusAt(now).name(),
          pack ? p.creditsLeft() : null,
          p.validUntil().map(u -> VenueTime.show(u, p.plan().timeZone())).orElse(null),
          p.plan().price().minor(),
          p.plan().price().currency());
    }
  }

  /** Audit times are UTC instants: an entry may concern several venues' zones. */
  public record QueuedView(String requestId, String status) {}

  @com.fasterxml.jackson.annotation.JsonInclude(
      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
  public record BookingRequestView(
      String requestId, String status, String bookingId, String code, String waitlistEntryId) {
    public static BookingRequestView of(fairslot.booking.domain.BookingRequest r) {
      return new BookingRequestView(
          r.requestId(),
          r.status().name(),
          r.bookingId().orElse(null),
          r.code().orElse(null),
          r.waitlistEntryId().orElse(null));
    }
  }

  public record WaitlistJoinView(String entryId, int position, String status) {}

  /** {@code position} is the live place in line while WAITING (1 = next), 0 once out of line. */
  public record WaitlistEntryView(
      String entryId, int position, String status, String offerExpiresAt, String bookingId) {
    public static WaitlistEntryView of(
        fairslot.waitlist.app.WaitlistService.Place place, Instant now, java.time.ZoneId zone) {
      var e = place.entry();
      var status = e.statusAt(now);
      return new WaitlistEntryView(
          e.entryId(),
          place.position(),
          status.name(),
          status == fairslot.waitlist.domain.WaitlistStatus.OFFERED
              ? e.offerExpiresAt().map(t -> VenueTime.show(t, zone)).orElse(null)
              : null,
          e.bookingId().orElse(null));
    }
  }

  public record ListView<T>(java.util.List<T> items, String nextCursor) {}
}
