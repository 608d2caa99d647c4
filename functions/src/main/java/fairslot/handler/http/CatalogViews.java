package fairslot.handler.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import fairslot.booking.app.SlotCancellation;
import fairslot.catalog.app.SlotGeneration;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.BookingWindow;
import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.MinimumDecision;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.VenueTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * The catalog's response bodies: venues, resources, slots, coaches and rooms, generation and slot
 * cancel. Records keep field order stable, so bodies replay byte for byte.
 */
public final class CatalogViews {
  private CatalogViews() {}

  public record PolicyView(
      String holdDuration,
      String cancelCutoff,
      String offerDuration,
      String waitlistMode,
      int maxPerBooking,
      @JsonInclude(JsonInclude.Include.NON_NULL) BookingWindowView bookingWindow,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<CancelTierView> cancelTiers,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer maxUpcomingPerMember,
      @JsonInclude(JsonInclude.Include.NON_NULL) NoShowPolicyView noShowPolicy,
      String reminderBefore,
      String prepaidRules,
      @JsonInclude(JsonInclude.Include.NON_NULL) CheckInView checkIn) {
    static PolicyView of(VenuePolicy p) {
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
          p.reminderBefore().toString(),
          p.prepaidRules().wire(),
          p.checkIn()
              .map(
                  w ->
                      new CheckInView(
                          w.opensBefore().toString(),
                          w.closesAfter().toString(),
                          w.releaseUnclaimed()))
              .orElse(null));
    }
  }

  public record CheckInView(String opensBefore, String closesAfter, boolean releaseUnclaimed) {}

  public record CancelTierView(String before, int refundPercent) {
    static List<CancelTierView> of(CancelTiers tiers) {
      return tiers.tiers().stream()
          .map(t -> new CancelTierView(t.before().toString(), t.refundPercent()))
          .toList();
    }
  }

  public record NoShowPolicyView(int strikes, String window, String suspension) {}

  /** A venue's booking window; absent from the policy when members may book any time. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record BookingWindowView(String opensBefore, String closesBefore) {
    static BookingWindowView of(BookingWindow w) {
      return w.equals(BookingWindow.ALWAYS)
          ? null
          : new BookingWindowView(
              w.opensBefore().map(Object::toString).orElse(null), w.closesBefore().toString());
    }
  }

  public record VenueView(
      String venueId,
      String name,
      String timeZone,
      PolicyView policy,
      String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) String address,
      @JsonInclude(JsonInclude.Include.NON_NULL) GeoPoint location) {
    public static VenueView of(Venue v) {
      var p = v.policy();
      return new VenueView(
          v.venueId(),
          v.name(),
          v.timeZone().getId(),
          PolicyView.of(p),
          v.status().name(),
          v.address().orElse(null),
          v.location().orElse(null));
    }
  }

  public record ResourceView(
      String resourceId,
      String venueId,
      String name,
      String kind,
      int capacity,
      String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) String bufferAfter,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> parts,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> partOf) {
    public static ResourceView of(Resource r) {
      return new ResourceView(
          r.resourceId(),
          r.venueId(),
          r.name(),
          r.kind().name(),
          r.capacity(),
          r.status().name(),
          r.bufferAfter().isZero() ? null : r.bufferAfter().toString(),
          r.combined() ? r.parts() : null,
          r.partOf().isEmpty() ? null : List.copyOf(r.partOf()));
    }
  }

  /** The policy a booking was made under (v1.1): later venue edits do not change it. */
  public record BookingPolicyView(
      String holdDuration, String cancelCutoff, List<CancelTierView> cancelTiers) {}

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
      String roomId,
      @JsonUnwrapped MinimumView minimum,
      @JsonUnwrapped LotteryView lottery) {
    public static SlotView of(Slot s) {
      return of(s, Optional.empty());
    }

    /** With its lottery's public facts when it is a LOTTERY slot. */
    public static SlotView of(Slot s, Optional<Lottery> l) {
      return of(s, l, false);
    }

    /**
     * {@code spaceTaken}: its space is taken through a counterpart (combined resources), so it has
     * no seat to offer, whatever its own counter says.
     */
    public static SlotView of(Slot s, Optional<Lottery> l, boolean spaceTaken) {
      return new SlotView(
          s.slotId(),
          s.venueId(),
          s.resourceId(),
          s.kind().name(),
          VenueTime.show(s.interval().start(), s.timeZone()),
          VenueTime.show(s.interval().end(), s.timeZone()),
          s.capacity(),
          spaceTaken ? 0 : s.remaining(),
          // A slot of a disabled venue or resource takes no bookings: to a customer it is closed.
          s.status() == SlotStatus.OPEN && !s.onSale()
              ? SlotStatus.CLOSED.name()
              : s.status().name(),
          s.price().minor(),
          s.price().currency(),
          s.admission().name(),
          s.waitlistLength(),
          s.assignment().coachId().orElse(null),
          s.assignment().roomId().orElse(null),
          MinimumView.of(s),
          l.map(x -> LotteryView.of(x, s.timeZone())).orElse(null));
    }
  }

  /**
   * A LOTTERY slot's commitment and, after the draw, its reveal: anyone can recompute the order
   * (docs/admission.md).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record LotteryView(
      String lotteryClosesAt, String lotterySeedHash, String lotterySeed, String lotteryStatus) {
    static LotteryView of(Lottery l, ZoneId zone) {
      return new LotteryView(
          VenueTime.show(l.closesAt(), zone),
          l.seedHash(),
          l.revealedSeed().orElse(null),
          l.status().name());
    }
  }

  /**
   * A slot's minimum participants (v1.2), present only where it has one: the minimum, when it is
   * decided (venue time), whether it was confirmed, and the decision's outcome once made.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MinimumView(
      Integer minParticipants, String decideAt, Boolean confirmed, String minimumDecision) {
    static MinimumView of(Slot s) {
      return s.rules()
          .minimum()
          .map(
              m ->
                  new MinimumView(
                      m.participants(),
                      VenueTime.show(m.decideAt(s.interval()), s.timeZone()),
                      m.decision() instanceof MinimumDecision.Confirmed,
                      m.decision() instanceof MinimumDecision.Confirmed
                          ? "CONFIRMED"
                          : m.decision() instanceof MinimumDecision.UnderMinimum
                              ? "UNDER_MINIMUM"
                              : "PENDING"))
          .orElse(new MinimumView(null, null, null, null));
    }
  }

  public record CoachView(String coachId, String venueId, String name) {}

  public record RoomView(String roomId, String venueId, String name) {}

  /** A coach or room as the contract shows it: {coachId|roomId, venueId, name}. */
  public static Object assignee(Assignee a) {
    return a.kind() == Assignee.Kind.COACH
        ? new CoachView(a.id(), a.venueId(), a.name())
        : new RoomView(a.id(), a.venueId(), a.name());
  }

  public record ShiftedView(String date, String requestedStart, String start) {}

  public record RejectedView(String start, String code, String detail, Object conflicts) {}

  public record GeneratedView(
      int created,
      int skipped,
      List<String> slotIds,
      List<ShiftedView> shifted,
      List<RejectedView> rejected) {
    public static GeneratedView of(SlotGeneration.Generated g) {
      ZoneId zone = g.zone();
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
    public static SlotCancelledView of(SlotCancellation.Cancelled c) {
      return new SlotCancelledView(
          SlotView.of(c.slot()), c.bookingsCancelled(), c.refundsStarted(), c.waitlistClosed());
    }
  }
}
