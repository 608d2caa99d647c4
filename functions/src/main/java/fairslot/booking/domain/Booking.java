package fairslot.booking.domain;

import fairslot.catalog.domain.CancelTiers;
import fairslot.coupon.domain.CouponUse;
import fairslot.kernel.Money;
import fairslot.pass.domain.PassUse;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * A member's claim on seats of a slot. {@code version} counts the booking's transitions (1 when
 * placed); it orders the audit trail when several transitions share a millisecond.
 */
public record Booking(
    String bookingId,
    String userId,
    int quantity,
    BookingStatus status,
    Money amount,
    Optional<Instant> holdExpiresAt,
    Instant createdAt,
    Optional<String> paymentNo,
    BookedSlot slot,
    long version,
    Optional<Money> refund,
    Optional<PassUse> pass,
    Optional<BookingGroup> group,
    MoneyBack moneyBack,
    Optional<CouponUse> coupon) {

  /** A booking nothing has been refunded on (yet), not paid with a pass. */
  public Booking(
      String bookingId,
      String userId,
      int quantity,
      BookingStatus status,
      Money amount,
      Optional<Instant> holdExpiresAt,
      Instant createdAt,
      Optional<String> paymentNo,
      BookedSlot slot,
      long version) {
    this(
        bookingId,
        userId,
        quantity,
        status,
        amount,
        holdExpiresAt,
        createdAt,
        paymentNo,
        slot,
        version,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        MoneyBack.NONE,
        Optional.empty());
  }

  public Booking {
    if (quantity < 1) {
      throw new IllegalArgumentException("quantity must be at least 1");
    }
  }

  public String slotId() {
    return slot.slotId();
  }

  /** This booking as one line of {@code group} (a booking of several slots). */
  public Booking inGroup(BookingGroup group) {
    return copy(status, holdExpiresAt, paymentNo, version, refund, pass, Optional.of(group));
  }

  /** A line of a booking of several slots other than its lead: the member sees the lead. */
  public boolean isOtherLine() {
    return group.map(g -> !g.leadId().equals(bookingId)).orElse(false);
  }

  /** The booking the member sees: this one, or its group's lead. */
  public String leadId() {
    return group.map(BookingGroup::leadId).orElse(bookingId);
  }

  /** The ids of the group's other lines (none for a booking of one slot). */
  public List<String> otherLineIds() {
    return group.map(g -> g.othersThan(bookingId)).orElse(List.of());
  }

  /** What the member pays: this slot's price, or every slot's of its group. */
  public Money total() {
    return group.map(BookingGroup::total).orElse(amount);
  }

  /**
   * The status a reader should see at {@code now}: a hold past its deadline is EXPIRED even before
   * the sweep has written that down (the sweep's conditional write makes it so).
   */
  public BookingStatus statusAt(Instant now) {
    return isOverdueHold(now) ? BookingStatus.EXPIRED : status;
  }

  public boolean isOverdueHold(Instant now) {
    return status == BookingStatus.PENDING_PAY
        && holdExpiresAt.map(d -> !now.isBefore(d)).orElse(false);
  }

  /**
   * What a customer's cancel of this PAID booking at {@code now} refunds: the first of the booked
   * cancel tiers still ahead of the start. Empty past every tier (the cancel window has closed).
   */
  public Optional<Money> customerRefundAt(Instant now) {
    return customerRefundAt(now, total());
  }

  /**
   * The same for {@code held} of the money (a booking of several slots whose venue cancelled one of
   * them on its own, and refunded that one's share already).
   */
  public Optional<Money> customerRefundAt(Instant now, Money held) {
    return slot.cancelTiers()
        .at(slot.interval().start(), now)
        .map(tier -> CancelTiers.refundOf(held, tier));
  }

  /** What of {@link #total()} the lines in {@code lines} still in this booking's status hold. */
  public Money heldBy(List<Booking> lines) {
    Money held = amount;
    for (Booking line : lines) {
      if (!line.bookingId().equals(bookingId) && line.status() == status) {
        held = held.plus(line.amount());
      }
    }
    return held;
  }

  /** This booking paid with a pass (the seats are the pass's credits, not money). */
  public Booking paidWith(PassUse use) {
    return copy(status, holdExpiresAt, paymentNo, version, refund, Optional.of(use), group);
  }

  /**
   * Where a PAID booking goes when it is released: REFUNDING when money was taken for it, else
   * CANCELLED (a pass's credits go back; a free booking has nothing to return).
   */
  public BookingStatus releasedFromPaid() {
    return pass.isEmpty() && paymentNo.isPresent()
        ? BookingStatus.REFUNDING
        : BookingStatus.CANCELLED;
  }

  /** The money owed back when this booking is refunded: the part set by a tier, else all of it. */
  public Money owedBack() {
    return refund.orElse(total());
  }

  /** This booking with {@code part} of its amount to be refunded (a cancel tier's share). */
  public Booking refunding(Money part) {
    return copy(status, holdExpiresAt, paymentNo, version, Optional.of(part), pass, group);
  }

  /** The UTC days of the member's calendar this booking occupies (none for rentals). */
  public List<LocalDate> calendarDays() {
    return slot.kind().occupiesTheMember() ? slot.interval().utcDays() : List.of();
  }

  public Booking withStatus(BookingStatus next) {
    return copy(
        next,
        next == BookingStatus.PENDING_PAY ? holdExpiresAt : Optional.empty(),
        paymentNo,
        version + 1,
        refund,
        pass,
        group);
  }

  /**
   * This booking given to {@code userId}: the same seats, payment and terms, one transition later
   * (a transfer, v1.2).
   */
  public Booking ownedBy(String userId) {
    return elsewhere(userId, slot, amount);
  }

  /**
   * This booking moved to {@code slot} at {@code amount} (a reschedule, v1.2): the same member,
   * seats, status, hold and payment, one transition later.
   */
  public Booking movedTo(BookedSlot slot, Money amount) {
    return elsewhere(userId, slot, amount);
  }

  /** The same seats, status, hold and payment for another member, slot or price, one version on. */
  private Booking elsewhere(String userId, BookedSlot slot, Money amount) {
    return new Booking(
        bookingId,
        userId,
        quantity,
        status,
        amount,
        holdExpiresAt,
        createdAt,
        paymentNo,
        slot,
        version + 1,
        refund,
        pass,
        group,
        moneyBack,
        coupon);
  }

  /** This booking once the venue lost a dispute of its payment: the status kept, the money gone. */
  public Booking disputedFor(Money lost) {
    return ownedBy(userId).withMoneyBack(moneyBack.withDisputed(lost));
  }

  /** A dispute the venue lost: the money the payer's bank took back. */
  public Optional<Money> disputed() {
    return moneyBack.disputed();
  }

  /** This booking with {@code back} as the money gone back beside it; the same version. */
  public Booking withMoneyBack(MoneyBack back) {
    return new Booking(
        bookingId,
        userId,
        quantity,
        status,
        amount,
        holdExpiresAt,
        createdAt,
        paymentNo,
        slot,
        version,
        refund,
        pass,
        group,
        back,
        coupon);
  }

  /** This booking bought with {@code use}: its amount is what the coupon leaves to pay. */
  public Booking withCoupon(CouponUse use) {
    return new Booking(
        bookingId,
        userId,
        quantity,
        status,
        use.paid(),
        holdExpiresAt,
        createdAt,
        paymentNo,
        slot,
        version,
        refund,
        pass,
        group,
        moneyBack,
        Optional.of(use));
  }

  public Booking withPayment(String paymentNo) {
    return copy(status, holdExpiresAt, Optional.of(paymentNo), version, refund, pass, group);
  }

  /** This booking with the parts a transition may change; the rest as they are. */
  private Booking copy(
      BookingStatus status,
      Optional<Instant> holdExpiresAt,
      Optional<String> paymentNo,
      long version,
      Optional<Money> refund,
      Optional<PassUse> pass,
      Optional<BookingGroup> group) {
    return new Booking(
        bookingId,
        userId,
        quantity,
        status,
        amount,
        holdExpiresAt,
        createdAt,
        paymentNo,
        slot,
        version,
        refund,
        pass,
        group,
        moneyBack,
        coupon);
  }
}
