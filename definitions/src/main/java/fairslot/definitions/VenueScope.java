package fairslot.definitions;

/**
 * Where a staff route finds the venue of what it touches, so a role granted at one venue acts on
 * that venue only (API.md v1.2 "Venue staff and fair access"). The global groups pass every venue;
 * a venue role passes only the venue resolved here.
 */
public enum VenueScope {
  /** No venue dimension: customer, public and signed routes. */
  NONE,
  /** The whole platform (a new venue, a provider's statement): the global groups only. */
  PLATFORM,
  /** The path's {@code venueId}. */
  PATH_VENUE,
  /** The venue of the path's {@code slotId}. */
  PATH_SLOT,
  /** The venue of the path's {@code bookingId}. */
  PATH_BOOKING,
  /** The venue of the path's {@code passId} (its plan's). */
  PATH_PASS,
  /** The venue of the path's {@code exceptionId}; one that names no venue is the platform's. */
  PATH_EXCEPTION,
  /** The venue of the path's {@code notificationId} (its slot's). */
  PATH_NOTIFICATION,
  /** The body's {@code venueId}. */
  BODY_VENUE,
  /** The venue of the body's {@code slotId}; with none, the platform (reconcile every slot). */
  BODY_SLOT,
  /** The venue of the body's {@code resourceId}. */
  BODY_RESOURCE,
  /** The venue of the body's {@code planId}. */
  BODY_PLAN,
  /** The query's {@code venueId}; without one, a list limited to the caller's venues. */
  QUERY_VENUE,
  /** The venue of the booking a signed check-in ticket in the body names (one that verifies). */
  BODY_TICKET,
  /** The venue of the one audit subject in the query (booking, slot, venue or resource). */
  AUDIT_SUBJECT,
  /** A list with no venue filter: limited to the caller's venues. */
  LIST
}
