package fairslot.booking.app;

import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;

/** What a member is told for each final result of one placement attempt. */
final class PlacementOutcomes {
  private PlacementOutcomes() {}

  /** Every result but contention and moved calendars, which the caller retries. */
  static Outcome<Booked> of(
      PlaceResult result, StoredResponse response, String slotId, ZoneId zone) {
    if (result instanceof PlaceResult.Placed placed) {
      return Outcome.done(new Booked.Created(placed.booking(), response));
    }
    if (result instanceof PlaceResult.Replay replay) {
      return Outcome.done(new Booked.Replayed(replay.response()));
    }
    if (result instanceof PlaceResult.KeyReused) {
      return Outcome.refused(
          Refusal.IDEMPOTENCY_KEY_REUSED, "this Idempotency-Key was used with a different request");
    }
    if (result instanceof PlaceResult.AlreadyBooked already) {
      return Outcome.refused(
          Refusal.ALREADY_BOOKED,
          "you already have an active booking for this slot",
          Map.of("bookingId", already.existingBookingId()));
    }
    if (result instanceof PlaceResult.SoldOut soldOut) {
      return Outcome.refused(
          Refusal.SOLD_OUT, "not enough seats left", Map.of("remaining", soldOut.remaining()));
    }
    if (result instanceof PlaceResult.PassRefused refused) {
      return Outcome.refused(refused.refusal(), passDetail(refused.refusal()));
    }
    if (result instanceof PlaceResult.CouponRefused refused) {
      return Outcome.refused(
          refused.refusal(),
          switch (refused.refusal()) {
            case COUPON_EXHAUSTED -> "the coupon has been redeemed as often as it may be";
            case COUPON_ALREADY_USED -> "you have redeemed this coupon as often as you may";
            default -> "the coupon is no longer valid";
          });
    }
    if (result instanceof PlaceResult.Suspended suspended) {
      return Outcome.refused(
          Refusal.MEMBER_SUSPENDED,
          "you are suspended from booking at this venue after missed sessions",
          Map.of("until", VenueTime.show(suspended.until(), zone)));
    }
    if (result instanceof PlaceResult.LimitReached limit) {
      return Outcome.refused(
          Refusal.BOOKING_LIMIT_REACHED,
          "you already have " + limit.limit() + " upcoming bookings at this venue",
          Map.of("limit", limit.limit()));
    }
    if (result instanceof PlaceResult.SlotNotOpen) {
      return Outcome.refused(Refusal.SLOT_CLOSED, "the slot takes no bookings");
    }
    if (result instanceof PlaceResult.SlotStarted) {
      return Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started");
    }
    if (result instanceof PlaceResult.TermsChanged) {
      return Outcome.refused(Refusal.THROTTLED, "the slot's price kept changing; try again");
    }
    if (result instanceof PlaceResult.SlotMissing) {
      return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
    }
    if (result instanceof PlaceResult.RequestDecided) {
      return Outcome.refused(Refusal.INVALID_TRANSITION, "the request was already decided");
    }
    if (result instanceof PlaceResult.OfferGone gone) {
      return Outcome.refused(
          Refusal.OFFER_EXPIRED,
          "the offer is no longer open",
          gone.current()
              .map(e -> Map.<String, Object>of("status", e.status().name()))
              .orElse(Map.of()));
    }
    throw new IllegalStateException("unhandled placement result " + result);
  }

  /** What a member is told when their pass may not pay for a booking. */
  static String passDetail(Refusal refusal) {
    switch (refusal) {
      case INSUFFICIENT_CREDITS:
        return "the pass has too few credits left";
      case PASS_EXPIRED:
        return "the pass is not active at the slot's start";
      case PASS_NOT_VALID_HERE:
        return "the pass is not valid for this venue or resource";
      default:
        return "no such pass";
    }
  }

  /** The refusal with the slot it is about, as API.md v1.2 asks. */
  static <T> Outcome<T> withSlot(Outcome<T> outcome, String slotId) {
    if (outcome instanceof Outcome.Refused<T> r) {
      Map<String, Object> extras = new HashMap<>(r.extras());
      extras.put("slotId", slotId);
      return Outcome.refused(r.refusal(), r.detail(), extras);
    }
    return outcome;
  }
}
