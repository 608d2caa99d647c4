package fairslot.waitlist.domain;

/** A waitlist entry's life: WAITING until a seat is offered; an offer is accepted or ends. */
public enum WaitlistStatus {
  WAITING,
  OFFERED,
  ACCEPTED,
  EXPIRED,
  LEFT
}
