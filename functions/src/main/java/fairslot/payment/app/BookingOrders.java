package fairslot.payment.app;

import fairslot.booking.app.MemberBookings;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatIdentityStore;
import fairslot.money.domain.Payment;
import fairslot.money.domain.WalletPart;
import fairslot.payment.app.Order.Recorded;
import fairslot.payment.app.PaymentProvider.Payer;
import fairslot.payment.app.PaymentStore.StartResult;
import fairslot.payment.domain.PayerDescription;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BiFunction;

/** A member's PENDING_PAY booking as an order: its total, due by the end of its hold. */
final class BookingOrders {
  private final MemberBookings members;
  private final PaymentStore payments;
  private final WechatIdentityStore wechat;

  /** The venue's and resource's names, for the payer's description of a new order. */
  private final CatalogStore catalog;

  BookingOrders(
      MemberBookings members,
      PaymentStore payments,
      WechatIdentityStore wechat,
      CatalogStore catalog) {
    this.members = members;
    this.payments = payments;
    this.wechat = wechat;
    this.catalog = catalog;
  }

  Outcome<Order> order(String userId, String bookingId, Instant now) {
    return order(userId, bookingId, now, (booking, at) -> Optional.empty());
  }

  /**
   * The booking as an order whose payment may leave part of the total to the member's wallet
   * ({@code walletPart}, asked only when no payment is under way): the payer then pays the rest,
   * and the part is taken in the transaction that starts the rest's payment.
   */
  Outcome<Order> order(
      String userId,
      String bookingId,
      Instant now,
      BiFunction<Booking, Instant, Optional<WalletPart>> walletPart) {
    var found = members.find(userId, bookingId);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
    }
    Booking booking = found.get();
    if (booking.statusAt(now) == BookingStatus.EXPIRED) {
      return Outcome.refused(Refusal.HOLD_EXPIRED, "the hold expired; book again");
    }
    if (booking.status() != BookingStatus.PENDING_PAY) {
      return Outcome.refused(
          Refusal.INVALID_TRANSITION, "a " + booking.status() + " booking cannot be paid");
    }
    Optional<WalletPart> part =
        booking.paymentNo().isPresent() ? Optional.empty() : walletPart.apply(booking, now);
    if (part.isPresent() && booking.group().isPresent()) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "a booking of several slots is paid whole, not split");
    }
    long wallet = part.map(w -> w.payment().amount().minor()).orElse(0L);
    Payer payer =
        new Payer(
            userId,
            new Money(booking.total().minor() - wallet, booking.total().currency()),
            () -> wechat.openId(userId),
            booking.holdExpiresAt(),
            () -> describe(booking));
    return Outcome.done(
        new Order(
            payer,
            booking.paymentNo(),
            payment -> record(booking, payment, part.map(w -> w.ofRest(payment.paymentNo())), now),
            part));
  }

  /**
   * The payment (and a split's wallet part), on condition the booking is still PENDING_PAY, in hold
   * and without one.
   */
  private Recorded record(
      Booking booking, Payment payment, Optional<WalletPart> part, Instant now) {
    Change change = Change.by(payment.userId(), now, "customer pays");
    StartResult started =
        part.isPresent()
            ? payments.startSplit(booking, payment, part.get(), change)
            : payments.start(booking, payment, change);
    if (started instanceof StartResult.Started) {
      return new Recorded.Started();
    }
    if (started instanceof StartResult.AlreadyStarted already) {
      return new Recorded.AlreadyStarted(already.paymentNo());
    }
    if (started instanceof StartResult.WalletMoved) {
      return new Recorded.Refused(Refusal.THROTTLED, "the wallet moved meanwhile; pay again");
    }
    Booking current = ((StartResult.NotPayable) started).current();
    return current.statusAt(now) == BookingStatus.EXPIRED || current.isOverdueHold(now)
        ? new Recorded.Refused(Refusal.HOLD_EXPIRED, "the hold expired; book again")
        : new Recorded.Refused(
            Refusal.INVALID_TRANSITION, "a " + current.status() + " booking cannot be paid");
  }

  /** What the payer is shown: the venue's and resource's names and the start, never an id. */
  private PayerDescription describe(Booking booking) {
    var slot = booking.slot();
    return PayerDescription.ofBooking(
        catalog.findVenue(slot.venueId()).map(v -> v.name()).orElse(""),
        catalog.findResource(slot.resourceId()).map(r -> r.name()).orElse(""),
        slot.interval().start(),
        slot.timeZone());
  }
}
