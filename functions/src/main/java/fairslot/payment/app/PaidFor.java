package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.money.domain.Payment;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.domain.TopUp;
import java.util.Optional;

/** What a payment pays for, read for what finance is told about it: the venue it belongs to. */
final class PaidFor {
  private final BookingStore bookings;
  private final PassStore passes;
  private final WalletStore wallets;

  PaidFor(BookingStore bookings, PassStore passes, WalletStore wallets) {
    this.bookings = bookings;
    this.passes = passes;
    this.wallets = wallets;
  }

  /**
   * The booking or pass {@code p} pays for, as a refund's settlement needs it; empty if it is gone.
   */
  Optional<Settlement.Subject> subjectOf(Payment p) {
    return p.payable()
        .match(
            booking ->
                bookings.findBooking(booking.bookingId()).map(Settlement.Subject.OfBooking::new),
            pass ->
                passes
                    .findPass(p.userId(), pass.passId())
                    .map(found -> new Settlement.Subject.OfPass(found.passId(), found.venueId())),
            topUp ->
                wallets
                    .findTopUp(p.userId(), topUp.topUpId())
                    .map(t -> new Settlement.Subject.OfTopUp(t.topUpId(), t.venueId())));
  }

  /** The venue of the booking or pass {@code p} pays for; empty if it is gone. */
  Optional<String> venueOf(Payment p) {
    return p.payable()
        .match(
            booking -> bookings.findBooking(booking.bookingId()).map(b -> b.slot().venueId()),
            pass -> passes.findPass(p.userId(), pass.passId()).map(Pass::venueId),
            topUp -> wallets.findTopUp(p.userId(), topUp.topUpId()).map(TopUp::venueId));
  }
}
