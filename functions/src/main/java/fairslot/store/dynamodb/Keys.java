package fairslot.store.dynamodb;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/** Partition and sort keys of every item type (see docs/data-model.md). */
final class Keys {
  private Keys() {}

  static final String PK = "PK";
  static final String SK = "SK";

  static String venue(String venueId) {
    return "VENUE#" + venueId;
  }

  static String financeException(String exceptionId) {
    return "EXCEPTION#" + exceptionId;
  }

  static String resource(String resourceId) {
    return "RESOURCE#" + resourceId;
  }

  static String slot(String slotId) {
    return "SLOT#" + slotId;
  }

  static String booking(String bookingId) {
    return "BOOKING#" + bookingId;
  }

  /** A desk walk-in's link to the account that claimed its phone. */
  static String customerLink(String customerId) {
    return "CUSTOMER#" + customerId;
  }

  static String member(String userId) {
    return "MEMBER#" + userId;
  }

  static String idempotency(String scope) {
    return "IDEM#" + scope;
  }

  static String payment(String paymentNo) {
    return "PAYMENT#" + paymentNo;
  }

  static String waitEntry(String entryId) {
    return "WAITENTRY#" + entryId;
  }

  static String request(String requestId) {
    return "REQUEST#" + requestId;
  }

  static String notification(String key) {
    return "NOTIFY#" + key;
  }

  static String assignee(fairslot.domain.Assignee.Ref ref) {
    return ref.kind().name() + "#" + ref.id();
  }

  static String phone(fairslot.domain.Phone phone) {
    return "PHONE#" + phone.value();
  }

  static String consumedEvent(String eventId) {
    return "CONSUMED#" + eventId;
  }

  /** Sort key of the guard that allows one live waitlist entry per member per slot. */
  static String waiterGuard(String userId) {
    return "WAITER#" + userId;
  }

  static String paymentEvent(String eventId) {
    return "PAYEVENT#" + eventId;
  }

  /** Sort key of the guard that makes (resource, start) unique. */
  static String slotStart(Instant start) {
    return "START#" + start.toEpochMilli();
  }

  /** Sort key of the guard that allows one active booking per member per slot. */
  /** The member's count of upcoming bookings at a venue, under the member's partition. */
  static String upcoming(String venueId) {
    return "UPCOMING#" + venueId;
  }

  /**
   * The member's standing at a venue (no-show strikes, suspension), under the member's partition.
   */
  static String standing(String venueId) {
    return "STANDING#" + venueId;
  }

  /** A pass sold, under its venue by the venue-local day it was paid (the daily report's sales). */
  static String passSale(java.time.LocalDate day, String passId) {
    return "PASSSALE#" + day + "#" + passId;
  }

  static String plan(String planId) {
    return "PLAN#" + planId;
  }

  /** A member's pass lives in the member's partition: only its holder can name it. */
  static String pass(String passId) {
    return "PASS#" + passId;
  }

  static String memberGuard(String userId) {
    return "MEMBER#" + userId;
  }

  static String calendarDay(LocalDate day) {
    return "CAL#" + day;
  }

  /** Partition key of the slotsByVenueDay index: the slot's start date in the venue's zone. */
  static String venueDay(String venueId, Instant start, ZoneId zone) {
    return venueDay(venueId, LocalDate.ofInstant(start, zone));
  }

  static String venueDay(String venueId, LocalDate date) {
    return venueId + "#" + date;
  }

  /** Due items are spread over a few index partitions so no job's index key gets hot. */
  static final int SHARDS = 4;

  static String shard(String family, String id) {
    return family + "#" + Math.floorMod(id.hashCode(), SHARDS);
  }

  static String shard(String family, int n) {
    return family + "#" + n;
  }
}
