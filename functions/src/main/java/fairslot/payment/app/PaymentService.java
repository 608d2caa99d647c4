package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.MemberBookings;
import fairslot.catalog.app.CatalogStore;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.member.app.WechatIdentityStore;
import fairslot.membership.app.MembershipCharges;
import fairslot.membership.app.MembershipRenewals;
import fairslot.membership.app.MembershipStore;
import fairslot.money.domain.Decline;
import fairslot.money.domain.Payable;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentRecord;
import fairslot.pass.app.PassStore;
import fairslot.payment.domain.DisputeReport;
import fairslot.payment.domain.ProviderReport;
import fairslot.wallet.app.PrepaidJudge;
import fairslot.wallet.app.WalletStore;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Paying for a hold or a pass, and applying what the provider reports. Money is never silently
 * kept: a success that can no longer buy its seat becomes a refund.
 */
public final class PaymentService {
  private final BookingStore bookings;
  private final PaymentStore payments;
  private final Refunds refunds;
  private final MemberBookings members;
  private final Checkouts checkouts;
  private final Disputes disputes;
  private final ProviderReports reports;
  private final PassRefunds passRefunds;
  private final PassCoolingOff coolingOff;
  private final WalletCloses walletCloses;
  private final MembershipRenewals renewals;

  public PaymentService(
      BookingStore bookings,
      PassStore passes,
      PaymentStore payments,
      PaymentProviders providers,
      Refunds refunds,
      Clock clock,
      IdGenerator ids,
      MemberBookings members,
      CatalogStore catalog,
      WechatIdentityStore wechat,
      WalletStore wallets,
      MembershipStore memberships) {
    PaidFor paidFor = new PaidFor(bookings, passes, wallets, memberships);
    MembershipOrders membershipOrders =
        new MembershipOrders(memberships, payments, clock, wechat, catalog);
    MembershipCharges charges = new MembershipCharges(memberships, wallets, catalog, ids, clock);
    this.renewals = new MembershipRenewals(memberships, charges, clock);
    PrepaidJudge prepaid = new PrepaidJudge(wallets, passes, catalog, clock);
    PassOrders passOrders = new PassOrders(passes, payments, clock, wechat, catalog, prepaid);
    TopUpOrders topUpOrders = new TopUpOrders(wallets, payments, clock, wechat, catalog, prepaid);
    this.checkouts =
        new Checkouts(
            providers,
            payments,
            new BookingOrders(members, payments, wechat, catalog),
            passOrders,
            topUpOrders,
            membershipOrders,
            new WalletCheckout(members, payments, wallets, passes, ids, clock, prepaid, charges),
            ids,
            clock);
    this.disputes = new Disputes(payments, paidFor, clock);
    this.reports =
        new ProviderReports(
            bookings,
            payments,
            refunds,
            passOrders,
            topUpOrders,
            membershipOrders,
            paidFor,
            new PaymentDecisions(bookings, catalog),
            clock);
    this.passRefunds = new PassRefunds(passes, refunds, clock);
    this.coolingOff = new PassCoolingOff(passes, catalog, members, passRefunds, clock);
    this.walletCloses = new WalletCloses(wallets, refunds, ids, clock);
    this.members = members;
    this.bookings = bookings;
    this.payments = payments;
    this.refunds = refunds;
  }

  /**
   * Starts (or returns the already started) payment of what a member pays for, with the named
   * provider or the deployment's default ({@link Checkouts}).
   */
  public Outcome<Checkout> pay(String userId, Payable payable, Optional<String> providerName) {
    return checkouts.pay(userId, payable, providerName);
  }

  /**
   * A booking paid from the wallet with {@code rest}'s provider paying what the wallet cannot (v1.3
   * "One ledger"); the wallet part comes back if the rest fails or the hold ends first.
   */
  public Outcome<Checkout> pay(
      String userId, Payable payable, Optional<String> providerName, Optional<String> rest) {
    return checkouts.pay(userId, payable, providerName, rest);
  }

  /**
   * Refunds a paid pass (v1.3, finance): {@code amountMinor}, or the unused credits' share of its
   * price, through its provider; the credits left are voided. See {@link PassRefunds}.
   */
  public Outcome<PassRefunds.Answer> refundPass(
      String staff,
      String passId,
      Optional<Long> amountMinor,
      Optional<String> reason,
      Optional<IdempotentRequest> key,
      Function<PassRefunds.PassRefund, StoredResponse> answer) {
    return passRefunds.refund(staff, passId, amountMinor, reason, key, answer);
  }

  /** The member's unused pass refunded in full within its cooling-off ({@link PassCoolingOff}). */
  public Outcome<PassRefunds.Answer> coolOff(
      String userId,
      String passId,
      Optional<IdempotentRequest> key,
      Function<PassRefunds.PassRefund, StoredResponse> answer) {
    return coolingOff.refund(userId, passId, key, answer);
  }

  /** The renew-memberships job ({@link MembershipRenewals}). */
  public MembershipRenewals renewals() {
    return renewals;
  }

  /** Closes the member's wallet at a venue ({@link WalletCloses}). */
  public Outcome<WalletCloses.Closed> closeWallet(String userId, String venueId) {
    return walletCloses.close(userId, venueId);
  }

  /**
   * The booking's payments with the callbacks received, for its owner or for finance and admin
   * ({@code staff}); empty for anyone else's booking, as for one that does not exist.
   */
  public Optional<BookingPayments> paymentsOf(String bookingId, String userId, boolean staff) {
    return (staff ? bookings.findLead(bookingId) : members.find(userId, bookingId))
        .map(b -> new BookingPayments(b.slot().timeZone(), payments.paymentsOf(b.bookingId())));
  }

  /** A booking's payment records, with the zone of its venue to show their times in. */
  public record BookingPayments(ZoneId zone, List<PaymentRecord> records) {}

  /** What happened to a callback: applied, or a replay that changed nothing. */
  public enum Applied {
    APPLIED,
    DUPLICATE
  }

  /**
   * A declined attempt to pay (API.md v1.3): the payment stays open, showing the decline, and the
   * member may pay again on the same order; only the order's close ends it. A decline of a payment
   * already settled, or older than the one kept, changes nothing.
   */
  public boolean noteDecline(String paymentNo, Decline decline) {
    return payments.noteDecline(paymentNo, decline);
  }

  /** A refund that waits for the payer ({@link Refunds#needsAction}); false if seen before. */
  public boolean refundNeedsAction(NotificationVerdict.RefundActionRequired action) {
    return refunds.needsAction(action);
  }

  /** A dispute's state as the provider reported it ({@link Disputes}); false if seen before. */
  public boolean dispute(DisputeReport report) {
    return disputes.apply(report);
  }

  /**
   * Applies what a provider reported of one of its orders or refunds (a notification, or a query
   * that found it), as the payment's own event ({@link ProviderReports}).
   */
  public Outcome<Applied> report(ProviderReport r) {
    return reports.report(r);
  }

  /** A report fairslot cannot apply (an unknown number, another merchant's): kept for finance. */
  public void flagUnknown(ProviderReport r) {
    reports.flagUnknown(r);
  }

  /** Applies a verified provider event. Replays of an event id change nothing. */
  public Outcome<Applied> callback(PaymentCallback event) {
    return reports.callback(event);
  }
}
