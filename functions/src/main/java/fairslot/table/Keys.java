package fairslot.table;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/** Partition and sort keys of every item type (see docs/data-model.md). */
public final class Keys {
  private Keys() {}

  public static final String PK = "PK";
  public static final String SK = "SK";

  /** The one partition of the venue directory (GET /venues): an entry per venue. */
  public static final String VENUE_DIRECTORY = "VENUES";

  public static String venue(String venueId) {
    return "VENUE#" + venueId;
  }

  public static String financeException(String exceptionId) {
    return "EXCEPTION#" + exceptionId;
  }

  public static String resource(String resourceId) {
    return "RESOURCE#" + resourceId;
  }

  public static String slot(String slotId) {
    return "SLOT#" + slotId;
  }

  /** A webhook subscription's partition: its deliveries and their chains per subject. */
  public static String webhook(String webhookId) {
    return "WEBHOOK#" + webhookId;
  }

  public static String booking(String bookingId) {
    return "BOOKING#" + bookingId;
  }

  /** A desk walk-in's link to the account that claimed its phone. */
  public static String customerLink(String customerId) {
    return "CUSTOMER#" + customerId;
  }

  public static String member(String userId) {
    return "MEMBER#" + userId;
  }

  public static String idempotency(String scope) {
    return "IDEM#" + scope;
  }

  public static String payment(String paymentNo) {
    return "PAYMENT#" + paymentNo;
  }

  public static String waitEntry(String entryId) {
    return "WAITENTRY#" + entryId;
  }

  public static String request(String requestId) {
    return "REQUEST#" + requestId;
  }

  public static String notification(String key) {
    return "NOTIFY#" + key;
  }

  public static String assignee(String kind, String id) {
    return kind + "#" + id;
  }

  public static String phone(String phone) {
    return "PHONE#" + phone;
  }

  public static String consumedEvent(String eventId) {
    return "CONSUMED#" + eventId;
  }

  /** Sort key of the guard that allows one live waitlist entry per member per slot. */
  public static String waiterGuard(String userId) {
    return "WAITER#" + userId;
  }

  public static String paymentEvent(String eventId) {
    return "PAYEVENT#" + eventId;
  }

  /** Sort key of the guard that makes (resource, start) unique. */
  public static String slotStart(Instant start) {
    return "START#" + start.toEpochMilli();
  }

  /** Sort key of the guard that allows one active booking per member per slot. */
  /** The member's count of upcoming bookings at a venue, under the member's partition. */
  public static String upcoming(String venueId) {
    return "UPCOMING#" + venueId;
  }

  /**
   * The member's standing at a venue (no-show strikes, suspension), under the member's partition.
   */
  public static String standing(String venueId) {
    return "STANDING#" + venueId;
  }

  /**
   * A payment under its payer's partition: a booking changes hands, the payment stays the payer's
   * (export and erasure find it here, API.md v1.3).
   */
  public static String paid(String paymentNo) {
    return "PAID#" + paymentNo;
  }

  /** A pass sold, under its venue by the venue-local day it was paid (the daily report's sales). */
  public static String passSale(LocalDate day, String passId) {
    return "PASSSALE#" + day + "#" + passId;
  }

  public static String plan(String planId) {
    return "PLAN#" + planId;
  }

  /**
   * A pass's refund part, under its venue by the venue-local day it was made (the daily report's
   * pass refunds).
   */
  public static String passRefund(LocalDate day, String passId, int part) {
    return "PASSREFUND#" + day + "#" + passId + "#" + part;
  }

  /** A wallet plan (v1.3), by its id; listed under its venue with the same key as sort key. */
  public static String walletPlan(String planId) {
    return "WPLAN#" + planId;
  }

  /** A membership plan (v1.3), by its id; listed under its venue with the same key as sort key. */
  public static String membershipPlan(String planId) {
    return "MPLAN#" + planId;
  }

  /** A member's membership, in the member's partition (v1.3 "Memberships"). */
  public static String membership(String membershipId) {
    return "MEMBERSHIP#" + membershipId;
  }

  /** A member's top-up of a wallet, in the member's partition. */
  public static String topUp(String topUpId) {
    return "TOPUP#" + topUpId;
  }

  /** A member's wallet at a venue, in the member's partition (v1.3 "One ledger"). */
  public static String wallet(String venueId) {
    return "WALLET#" + venueId;
  }

  /**
   * A wallet's ledger entry, in the member's partition, in time order: {@code at} as epoch
   * milliseconds padded to 13 digits, then what moved it.
   */
  public static String walletEntry(String venueId, Instant at, String ref) {
    return walletEntries(venueId) + String.format("%013d", at.toEpochMilli()) + "#" + ref;
  }

  /** The prefix of a wallet's ledger entries. */
  public static String walletEntries(String venueId) {
    return "WENTRY#" + venueId + "#";
  }

  /** A venue's coupon (v1.3 "Coupons"), under its venue by its code (kept in upper case). */
  public static String coupon(String code) {
    return "COUPON#" + code;
  }

  /** How often a member redeemed a venue's coupon, in the member's partition. */
  public static String couponUse(String venueId, String code) {
    return couponUses() + venueId + "#" + code;
  }

  /** The prefix of a member's coupon use counts. */
  public static String couponUses() {
    return "COUPONUSE#";
  }

  /**
   * A member's prepaid guard at a venue (v1.3 "Prepaid rules"), in the member's partition: every
   * purchase judged within the rules moves it on, so two judged on the same holdings never both
   * land.
   */
  public static String prepaidGuard(String venueId) {
    return prepaidGuards() + venueId;
  }

  public static String prepaidGuards() {
    return "PREPAID#";
  }

  /** A member's pass lives in the member's partition: only its holder can name it. */
  public static String pass(String passId) {
    return "PASS#" + passId;
  }

  public static String memberGuard(String userId) {
    return "MEMBER#" + userId;
  }

  public static String calendarDay(LocalDate day) {
    return "CAL#" + day;
  }

  /** Partition key of the slotsByVenueDay index: the slot's start date in the venue's zone. */
  public static String venueDay(String venueId, Instant start, ZoneId zone) {
    return venueDay(venueId, LocalDate.ofInstant(start, zone));
  }

  public static String venueDay(String venueId, LocalDate date) {
    return venueId + "#" + date;
  }

  /** Due items are spread over a few index partitions so no job's index key gets hot. */
  public static final int SHARDS = 4;

  public static String shard(String family, String id) {
    return family + "#" + Math.floorMod(id.hashCode(), SHARDS);
  }

  public static String shard(String family, int n) {
    return family + "#" + n;
  }
}
