package fairslot.domain;

/**
 * A customer known to the desk by phone; {@code customerId} is the user id their bookings carry.
 */
public record CustomerProfile(String customerId, Phone phone, String name) {}
