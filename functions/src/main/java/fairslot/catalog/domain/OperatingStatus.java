package fairslot.catalog.domain;

/** Whether a venue or resource takes new slots, bookings and waitlist joins. */
public enum OperatingStatus {
  ACTIVE,
  DISABLED
}
