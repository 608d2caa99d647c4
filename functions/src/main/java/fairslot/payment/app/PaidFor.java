package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.membership.app.MembershipStore;
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
  private final MembershipStore memberships;

  PaidFor(
      BookingStore bookings, PassStore passes, WalletStore wallets, MembershipStore memberships) {
    this.bookings = bookings;
    this.passes = passes;
    this.wallets = wallets;
    this.memberships = memberships;
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
                    .map(t -> new Settlement.Subject.OfTopUp(t.topUpId(), t.venueId())),
            membership ->
                memberships
                    .find(p.userId(), membership.membershipId())
                    .map(m -> new Settlement.Subject.OfMembership(m.membershipId(), m.venueId())));
  }

  /** The venue of the booking or pass {@code p} pays for; empty if it is gone. */
  Optional<String> venueOf(Payment p) {
    return p.payable()
        .match(
            booking -> bookings.findBooking(booking.bookingId()).map(b -> b.slot().venueId()),
            pass -> passes.findPass(p.userId(), pass.passId()).map(Pass::venueId),
            topUp -> wallets.findTopUp(p.userId(), topUp.topUpId()).map(TopUp::venueId),
            membership ->
                memberships.find(p.userId(), membership.membershipId()).map(m -> m.venueId()));
  }
}
