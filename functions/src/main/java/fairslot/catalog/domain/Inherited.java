package fairslot.catalog.domain;

/**
 * What a slot carries from its venue and resource: the revision of each whose settings it holds
 * (the venue's policy copy, the disabled marks) and whether either is disabled. A disabled slot
 * takes no new bookings or waitlist joins; bookings already made are untouched.
 */
public record Inherited(
    long venueRev, long resourceRev, boolean venueDisabled, boolean resourceDisabled) {

  public static final Inherited NONE = new Inherited(0, 0, false, false);

  public static Inherited of(Venue venue, Resource resource) {
    return new Inherited(
        venue.rev(),
        resource.rev(),
        venue.status() == OperatingStatus.DISABLED,
        resource.status() == OperatingStatus.DISABLED);
  }

  public boolean disabled() {
    return venueDisabled || resourceDisabled;
  }
}
