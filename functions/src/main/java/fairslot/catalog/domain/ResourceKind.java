package fairslot.catalog.domain;

/** What a resource lends out; decides capacity rules and whether bookings can clash in time. */
public enum ResourceKind {
  /** One party at a time, e.g. a court. Capacity is always 1. */
  EXCLUSIVE,
  /** N places in one session, e.g. a class or a lane. */
  SEATS,
  /** N items lent by count, e.g. rackets. A member may rent while also attending something else. */
  RENTAL;

  /** Whether a member's bookings of this kind must not overlap in time. */
  public boolean occupiesTheMember() {
    return this != RENTAL;
  }
}
