package fairslot.booking.domain;

/** What an audit trail is kept for. */
public enum AuditSubject {
  BOOKING,
  SLOT,
  VENUE,
  RESOURCE
}
