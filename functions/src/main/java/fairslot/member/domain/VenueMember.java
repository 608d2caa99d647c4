package fairslot.member.domain;

/** A member at a venue: whose counters and standing a booking there is counted under. */
public record VenueMember(String userId, String venueId) {}
