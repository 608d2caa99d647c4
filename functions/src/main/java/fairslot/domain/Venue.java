package fairslot.domain;

import java.time.ZoneId;

public record Venue(String venueId, String name, ZoneId timeZone, VenuePolicy policy) {}
