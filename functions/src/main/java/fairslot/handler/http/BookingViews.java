package fairslot.handler.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.RequestStatus;
import fairslot.coupon.domain.CouponUse;
import fairslot.handler.http.CatalogViews.BookingPolicyView;
import fairslot.handler.http.CatalogViews.CancelTierView;
import fairslot.kernel.Money;
import fairslot.kernel.VenueTime;
import fairslot.pass.domain.PassUse;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Comparator;
import java.util.List;

/**
 * The booking's response bodies: a booking and its slot, a queued request. Records keep field order
 * stable, so bodies replay byte for byte.
 */
public final class BookingViews {
  private BookingViews() {}

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
      @JsonInclude(JsonInclude.Include.NON_NULL) Long refundMinor,
      String holdExpiresAt,
      String createdAt,
      BookedSlotView slot,
      List<SlotLineView> slots,
      BookingPolicyView policy,
      @JsonInclude(JsonInclude.Include.NON_NULL) String passId,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean disputed,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long disputedMinor,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long refundedMinor,
      @JsonInclude(JsonInclude.Include.NON_NULL) PricingView pricing) {

    /** {@code status} is what the booking is at {@code now} (an overdue hold reads EXPIRED). */
    public static BookingView of(Booking b, Instant now) {
      return shown(b, SlotLineView.of(b, b.statusAt(now)), now);
    }

    /**
     * With every line of a booking of several slots as it is now, each with its own status. The
     * booking's status is its lead's, unless the venue cancelled the lead's slot alone: then it is
     * that of the slots it still has (and the refund theirs).
     */
    public static BookingView of(Booking b, List<Booking> lines, Instant now) {
      BookingView lead = shown(b, SlotLineView.of(b, lines, now), now);
      if (b.status() != BookingStatus.CANCELLED) {
        return lead;
      }
      return lines.stream()
          .filter(l -> l.status() != BookingStatus.CANCELLED)
          .min(Comparator.comparing((Booking l) -> l.slot().interval().start()))
          .map(
              rest ->
                  new BookingView(
                      lead.bookingId(),
                      lead.slotId(),
                      lead.userId(),
                      lead.quantity(),
                      rest.statusAt(now).name(),
                      lead.amountMinor(),
                      lead.currency(),
                      rest.refund().map(Money::minor).orElse(null),
                      lead.holdExpiresAt(),
                      lead.createdAt(),
                      lead.slot(),
                      lead.slots(),
                      lead.policy(),
                      lead.passId(),
                      lead.disputed(),
                      lead.disputedMinor(),
                      lead.refundedMinor(),
                      lead.pricing()))
          .orElse(lead);
    }

    private static BookingView shown(Booking b, List<SlotLineView> slots, Instant now) {
      BookingStatus status = b.statusAt(now);
      var slot = b.slot();
      return new BookingView(
          b.bookingId(),
          b.slotId(),
          b.userId(),
          b.quantity(),
          status.name(),
          b.total().minor(),
          b.total().currency(),
          b.refund().map(Money::minor).orElse(null),
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
          slots,
          new BookingPolicyView(
              slot.holdDuration().toString(),
              slot.cancelCutoff().toString(),
              CancelTierView.of(slot.cancelTiers())),
          b.pass().map(PassUse::passId).orElse(null),
          // a dispute the venue lost: the booking keeps its status, and shows the money gone
          b.disputed().isPresent() ? Boolean.TRUE : null,
          b.disputed().map(Money::minor).orElse(null),
          refunded(b, status),
          b.coupon().map(PricingView::of).orElse(null));
    }

    /**
     * What went back or is on its way (v1.3): refund parts, and the refund of the rest once the
     * booking is refunded; absent when nothing was.
     */
    private static Long refunded(Booking b, BookingStatus status) {
      boolean whole =
          status == BookingStatus.REFUNDING
              || status == BookingStatus.REFUNDED
              || status == BookingStatus.REFUND_FAILED;
      long back = b.moneyBack().partsMinor() + (whole ? b.owedBack().minor() : 0);
      return back > 0 ? back : null;
    }
  }

  /**
   * The price and what came off it (v1.3), shown when something did: {@code amountMinor} is what
   * was to be paid.
   */
  public record PricingView(long baseMinor, List<DiscountView> discounts, long amountMinor) {
    static PricingView of(CouponUse use) {
      return new PricingView(
          use.base().minor(),
          List.of(new DiscountView("COUPON", use.off().minor(), use.code())),
          use.paid().minor());
    }
  }

  public record DiscountView(String kind, long amountMinor, String code) {}

  /**
   * One slot of a booking (v1.2 {@code slots}), earliest first, with its own status: a slot the
   * venue cancelled alone reads CANCELLED while the booking keeps the others.
   */
  public record SlotLineView(
      String slotId, String start, String end, String resourceId, String status) {
    /** The slots as booked, each in {@code status}. */
    static List<SlotLineView> of(Booking b, BookingStatus status) {
      ZoneId zone = b.slot().timeZone();
      return b.group()
          .map(
              g ->
                  g.lines().stream()
                      .map(
                          l ->
                              new SlotLineView(
                                  l.slotId(),
                                  VenueTime.show(l.interval().start(), zone),
                                  VenueTime.show(l.interval().end(), zone),
                                  l.resourceId(),
                                  status.name()))
                      .toList())
          .orElse(List.of(line(b, status)));
    }

    /** The slots of {@code lines} as they are now. */
    static List<SlotLineView> of(Booking b, List<Booking> lines, Instant now) {
      return lines.stream()
          .sorted(
              Comparator.comparing((Booking l) -> l.slot().interval().start())
                  .thenComparing(Booking::slotId))
          .map(l -> line(l, l.statusAt(now)))
          .toList();
    }

    private static SlotLineView line(Booking b, BookingStatus status) {
      ZoneId zone = b.slot().timeZone();
      return new SlotLineView(
          b.slotId(),
          VenueTime.show(b.slot().interval().start(), zone),
          VenueTime.show(b.slot().interval().end(), zone),
          b.slot().resourceId(),
          status.name());
    }
  }

  /** Audit times are UTC instants: an entry may concern several venues' zones. */
  public record QueuedView(String requestId, String status) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record BookingRequestView(
      String requestId,
      String status,
      String bookingId,
      String code,
      String waitlistEntryId,
      String entryId) {
    public static BookingRequestView of(BookingRequest r) {
      return new BookingRequestView(
          r.requestId(),
          r.status().name(),
          r.bookingId().orElse(null),
          r.code().orElse(null),
          r.waitlistEntryId().orElse(null),
          // A lottery's loser is told its place in line as API.md v1.2 names it.
          r.status() == RequestStatus.WAITLISTED ? r.waitlistEntryId().orElse(null) : null);
    }
  }
}
