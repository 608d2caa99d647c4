package fairslot.kernel;

import java.util.Locale;

/**
 * Why a request was turned down: expected outcomes, returned as values rather than thrown. The
 * names match the {@code code} values of the HTTP contract.
 */
public enum Refusal {
  INVALID_REQUEST,
  UNAUTHORIZED,
  FORBIDDEN,
  NOT_FOUND,
  PAYLOAD_TOO_LARGE,
  SOLD_OUT,
  ALREADY_BOOKED,
  TIME_CONFLICT,
  SLOT_CLOSED,
  SLOT_IN_PAST,
  HOLD_EXPIRED,
  CANCEL_WINDOW_CLOSED,
  BOOKING_WINDOW_CLOSED,
  BOOKING_LIMIT_REACHED,
  MEMBER_SUSPENDED,
  INSUFFICIENT_CREDITS,
  INSUFFICIENT_BALANCE,
  /** A coupon redeemed as often as it may be (409). */
  COUPON_EXHAUSTED,
  /** A coupon the member redeemed as often as one member may (409). */
  COUPON_ALREADY_USED,
  /** A coupon that does not apply: unknown, out of its dates, resource or spend (422). */
  COUPON_INVALID,
  /** A coupon code the venue has already (409). */
  COUPON_CODE_TAKEN,
  /** A check-in outside the venue's check-in window (409). */
  CHECK_IN_WINDOW_CLOSED,
  /** A prepaid plan or purchase beyond the venue's prepaid rules (422, CN-SH-2025). */
  PREPAID_LIMIT,
  PASS_EXPIRED,
  PASS_NOT_VALID_HERE,
  INVALID_CODE,
  CODE_EXPIRED,
  RATE_LIMITED,
  INVALID_TRANSITION,
  IDEMPOTENCY_KEY_REUSED,
  DUPLICATE_SLOT,
  CONFLICT_COACH,
  CONFLICT_ROOM,
  CONFLICT_BUFFER,
  AMOUNT_MISMATCH,
  /** Below the provider's smallest charge in that currency (Stripe's table; WeChat ¥0.01). */
  AMOUNT_BELOW_MINIMUM,
  SEATS_AVAILABLE,
  CAPACITY_BELOW_BOOKED,
  DISABLED,
  OFFER_EXPIRED,
  BAD_SIGNATURE,
  /** A check-in ticket that is not one of ours, was altered, or has expired (401). */
  INVALID_TICKET,
  /**
   * A refresh token that is forged, used, revoked or expired (401); a reused one ends its family.
   */
  INVALID_TOKEN,
  PROVIDER_UNAVAILABLE,
  WECHAT_NOT_LINKED,
  NOT_TRANSFERABLE,
  PRICE_HIGHER,
  PRICE_LOWER,
  LOTTERY_CLOSED,
  /** A webhook URL fairslot may not call (not https, or a private address): 422. */
  INVALID_URL,
  /** The venue holds the most webhook subscriptions it may: 409. */
  WEBHOOK_LIMIT_REACHED,
  /** A booking of several slots names one slot twice: 422. */
  SLOT_REPEATED,
  /** A booking of several slots spans more than one venue: 422. */
  OTHER_VENUE,
  /** A booking of more slots than one booking takes (12): 422. */
  TOO_MANY_SLOTS,
  /**
   * What was asked is not done for a booking of several slots (a QUEUED or LOTTERY slot among them,
   * a pass paying): 409, the detail says what.
   */
  SEVERAL_SLOTS,
  /** A refund of more than the payment still holds (v1.3 partial refunds): 422. */
  REFUND_EXCEEDS_PAYMENT,
  THROTTLED;

  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
