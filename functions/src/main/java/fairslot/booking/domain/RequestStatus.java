package fairslot.booking.domain;

public enum RequestStatus {
  QUEUED,
  GRANTED,
  SOLD_OUT,
  REJECTED,
  /** A LOTTERY slot's entry, waiting for the draw (v1.2). */
  ENTERED,
  /** Drawn within the seats: a hold was placed ({@code bookingId}). */
  WON,
  /** Drawn past the seats: on the waitlist in draw order ({@code waitlistEntryId}). */
  WAITLISTED;

  /** What a granted request becomes: a queued one GRANTED, a lottery entry WON. */
  public RequestStatus granted() {
    return this == ENTERED ? WON : GRANTED;
  }
}
