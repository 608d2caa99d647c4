package fairslot.member.app;

/**
 * Port: whether a booking still counts on its member's counters and calendar (held or paid), read
 * consistently. The booking feature answers it; an erasure keeps what a live booking counts on.
 */
@FunctionalInterface
public interface LiveBookings {
  boolean isLive(String bookingId);
}
