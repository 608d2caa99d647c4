package fairslot.staff.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.app.WholeBooking;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.Change;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.RefundPartPlan;
import fairslot.payment.app.Refunds;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A booking refunded by staff (v1.3), all of it or a part: a part is one transaction with its
 * request's answer under its Idempotency-Key, so a retried or twin request refunds it once.
 */
final class DeskRefunds {
  private final BookingStore bookings;
  private final WholeBooking whole;
  private final SeatReleases releases;
  private final Refunds refunds;
  private final Clock clock;

  DeskRefunds(BookingStore bookings, SeatReleases releases, Refunds refunds, Clock clock) {
    this.bookings = bookings;
    this.whole = new WholeBooking(bookings);
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
  }

  /** PAID → REFUNDING at any time (staff override the customer's cut-off): all that is left. */
  Outcome<Booking> refund(String staff, String bookingId) {
    return refund(
        staff, bookingId, Optional.empty(), Optional.empty(), Optional.empty(), b -> null);
  }

  /**
   * A refund by staff (v1.3): without an amount, or of all the payment still holds, PAID →
   * REFUNDING and what is left is refunded; with less, the booking stays PAID, keeps that much less
   * and the part is refunded beside it, as many times as the payment holds money. More than it
   * holds is 422 {@code refund_exceeds_payment}. A part is written with {@code answer}'s response
   * under {@code key}, so twins of one request refund it once.
   */
  public Outcome<Booking> refund(
      String staff,
      String bookingId,
      Optional<Long> amountMinor,
      Optional<String> reason,
      Optional<IdempotentRequest> key,
      Function<Booking, StoredResponse> answer) {
    String why = "refunded by staff" + reason.map(r -> ": " + r).orElse("");
    return BookingRounds.onBooking(
        bookingId,
        id -> bookings.findLead(id).map(whole::actingLine),
        b -> {
          if (amountMinor.isEmpty()
              && (b.status() == BookingStatus.REFUNDING || b.status() == BookingStatus.REFUNDED)) {
            return Optional.of(Outcome.done(b));
          }
          if (b.status() != BookingStatus.PAID) {
            return Optional.of(
                Outcome.refused(
                    Refusal.INVALID_TRANSITION,
                    "only a PAID booking can be refunded, not " + b.status()));
          }
          PartStep step =
              amountMinor.isPresent()
                  ? part(
                      staff,
                      b,
                      amountMinor.get(),
                      why,
                      key.map(k -> answer.andThen(r -> new Replayable(k, r))))
                  : new PartStep.Whole();
          if (step instanceof PartStep.Answered answered) {
            return Optional.of(answered.outcome());
          }
          if (step instanceof PartStep.Moved) {
            return Optional.empty();
          }
          // A pass booking gets its credits back instead of money; a free one has nothing back.
          // A booking of several slots: what its slots still hold, refunded in full.
          BookingStatus to = b.releasedFromPaid();
          Booking owed = to == BookingStatus.REFUNDING ? b.refunding(whole.held(b)) : b;
          ReleaseResult r = releases.release(owed, to, Change.by(staff, clock.instant(), why));
          if (!(r instanceof ReleaseResult.Released released)) {
            return Optional.empty();
          }
          b.paymentNo().ifPresent(refunds::attemptNow);
          return Optional.of(Outcome.done(bookings.findLead(bookingId).orElse(released.booking())));
        });
  }

  /** What a refund of part of the price came to. */
  private sealed interface PartStep {
    /** Refused, or the part made: the answer. */
    record Answered(Outcome<Booking> outcome) implements PartStep {}

    /** The booking or its payment moved since they were read: read again. */
    record Moved() implements PartStep {}

    /** The amount is all that is left: the whole refund follows. */
    record Whole() implements PartStep {}
  }

  /** A refund of {@code amount} of PAID {@code b}. */
  private PartStep part(
      String staff,
      Booking b,
      long amount,
      String why,
      Optional<Function<Booking, Replayable>> keyed) {
    if (b.pass().isPresent() || b.paymentNo().isEmpty() || b.group().isPresent()) {
      return new PartStep.Answered(
          Outcome.refused(
              b.group().isPresent() ? Refusal.SEVERAL_SLOTS : Refusal.INVALID_TRANSITION,
              b.group().isPresent()
                  ? "a booking of several slots is refunded whole, or a slot by cancelling it"
                  : "a booking paid with a pass, or free, has no money to refund in part"));
    }
    long left =
        Math.min(
            b.amount().minor(),
            refunds.refundable(b.paymentNo().get()).map(Money::minor).orElse(0L));
    if (amount > left) {
      return new PartStep.Answered(
          Outcome.refused(
              Refusal.REFUND_EXCEEDS_PAYMENT,
              "the payment holds " + left + " to refund",
              Map.of("refundableMinor", left)));
    }
    if (amount == left) {
      return new PartStep.Whole();
    }
    Money back = new Money(amount, b.amount().currency());
    Instant now = clock.instant();
    Optional<RefundPartPlan> plan = refunds.partOf(b.paymentNo().get(), back, now);
    Booking after =
        b.movedTo(b.slot(), new Money(b.amount().minor() - amount, b.amount().currency()))
            .withMoneyBack(b.moneyBack().plusPart(back));
    KeyedWrite written =
        plan.isEmpty()
            ? new KeyedWrite.Moved()
            : bookings.refundPart(
                b, after, plan.get(), keyed.map(k -> k.apply(after)), Change.by(staff, now, why));
    if (written instanceof KeyedWrite.Moved) {
      return new PartStep.Moved();
    }
    if (written instanceof KeyedWrite.KeyReused) {
      return new PartStep.Answered(
          Outcome.refused(
              Refusal.IDEMPOTENCY_KEY_REUSED, "this Idempotency-Key answered another request"));
    }
    if (written instanceof KeyedWrite.Replay) {
      return new PartStep.Answered(Outcome.done(after)); // the twin's answer is replayed by its key
    }
    refunds.attemptNow(plan.get().part());
    return new PartStep.Answered(Outcome.done(after));
  }
}
