package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.MemberBookings;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatIdentityStore;
import fairslot.money.domain.Decline;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentRecord;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentProvider.Payer;
import fairslot.payment.app.PaymentStore.StartResult;
import fairslot.payment.domain.DisputeReport;
import fairslot.payment.domain.PayerDescription;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Paying for a hold, and applying what the provider reports. Money is never silently kept: a
 * success that can no longer buy its seat becomes a refund.
 */
public final class PaymentService {
  private final BookingStore bookings;
  private final PaymentStore payments;
  private final PaymentProviders providers;
  private final Refunds refunds;
  private final Clock clock;
  private final IdGenerator ids;

  private final PassPayments passPayments;

  private final MemberBookings members;

  /** The venue's and resource's names, for the payer's description of a new order. */
  private final CatalogStore catalog;

  private final WechatIdentityStore wechat;

  private final Disputes disputes;

  private final ProviderReports reports;

  public PaymentService(
      BookingStore bookings,
      PaymentStore payments,
      PaymentProviders providers,
      Refunds refunds,
      Clock clock,
      IdGenerator ids,
      PassPayments passPayments,
      MemberBookings members,
      CatalogStore catalog,
      WechatIdentityStore wechat) {
    this.wechat = wechat;
    this.disputes = new Disputes(payments, bookings, passPayments, clock);
    this.reports =
        new ProviderReports(
            bookings,
            payments,
            refunds,
            passPayments,
            new PaymentDecisions(bookings, catalog),
            clock);
    this.passPayments = passPayments;
    this.members = members;
    this.catalog = catalog;
    this.bookings = bookings;
    this.payments = payments;
    this.providers = providers;
    this.refunds = refunds;
    this.clock = clock;
    this.ids = ids;
  }

  /**
   * Starts (or returns the already started) payment of a member's PENDING_PAY booking, with the
   * named provider or the deployment's default. Paying again reopens the same provider order.
   */
  public Outcome<Checkout> pay(String userId, String bookingId, Optional<String> providerName) {
    Optional<Booking> found = members.find(userId, bookingId);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
    }
    Booking booking = found.get();
    Instant now = clock.instant();
    if (booking.statusAt(now) == BookingStatus.EXPIRED) {
      return Outcome.refused(Refusal.HOLD_EXPIRED, "the hold expired; book again");
    }
    if (booking.status() != BookingStatus.PENDING_PAY) {
      return Outcome.refused(
          Refusal.INVALID_TRANSITION, "a " + booking.status() + " booking cannot be paid");
    }
    Payer payer = payer(userId, booking);
    if (booking.paymentNo().isPresent()) {
      return existing(booking.paymentNo().get(), payer);
    }
    Optional<PaymentProvider> chosen = providers.online(providerName);
    if (chosen.isEmpty()) {
      return unavailable(providerName.orElseThrow(), providers);
    }
    PaymentProvider provider = chosen.get();
    Optional<Outcome<Checkout>> outOfLimits = ProviderLimits.refused(provider, booking.total());
    if (outOfLimits.isPresent()) {
      return outOfLimits.get();
    }
    Optional<Refusal> refused = provider.refuses(payer);
    if (refused.isPresent()) {
      return Outcome.refused(refused.get(), provider.name() + " cannot take this payer's payment");
    }
    Payment payment =
        new Payment(
            ids.newPaymentNo(),
            booking.bookingId(),
            userId,
            booking.total(),
            provider.name(),
            PaymentStatus.PENDING,
            0,
            now);
    StartResult started = payments.start(booking, payment, Change.by(userId, now, "customer pays"));
    if (started instanceof StartResult.Started) {
      return Outcome.done(new Checkout(payment, provider.start(payment, payer)));
    }
    if (started instanceof StartResult.AlreadyStarted already) {
      return existing(already.paymentNo(), payer);
    }
    Booking current = ((StartResult.NotPayable) started).current();
    return current.statusAt(now) == BookingStatus.EXPIRED || current.isOverdueHold(now)
        ? Outcome.refused(Refusal.HOLD_EXPIRED, "the hold expired; book again")
        : Outcome.refused(
            Refusal.INVALID_TRANSITION, "a " + current.status() + " booking cannot be paid");
  }

  private Payer payer(String userId, Booking booking) {
    return new Payer(
        userId,
        booking.total(),
        () -> wechat.openId(userId),
        booking.holdExpiresAt(),
        () -> describe(booking));
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

  public static <T> Outcome<T> unavailable(String name, PaymentProviders providers) {
    return Outcome.refused(
        Refusal.PROVIDER_UNAVAILABLE,
        "provider " + name + " is not configured here",
        Map.of("providers", providers.onlineNames()));
  }

  /** The started payment, with its own provider's client parameters for the same order. */
  private Outcome<Checkout> existing(String paymentNo, Payer payer) {
    return payments
        .findPayment(paymentNo)
        .<Outcome<Checkout>>map(p -> Outcome.done(new Checkout(p, clientFor(providers, p, payer))))
        .orElseGet(() -> Outcome.refused(Refusal.NOT_FOUND, "no payment " + paymentNo));
  }

  /** Only a pending payment can still be paid; a settled one needs no client. */
  public static Map<String, Object> clientFor(PaymentProviders providers, Payment p, Payer payer) {
    return p.status() == PaymentStatus.PENDING ? providers.of(p).start(p, payer) : Map.of();
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
