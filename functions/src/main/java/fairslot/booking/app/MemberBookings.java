package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.kernel.ConcatenatedPages;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.member.app.MemberProfileStore;
import java.util.Optional;

/**
 * Which bookings are a member's: those made under their id, and those of the desk walk-in profiles
 * linked to them when they claimed the walk-in's phone (v1.1: "links that profile's bookings to
 * this account"). The linked bookings keep their walk-in id, so their seat, counters and guards
 * stay where they were made; only who may see and act on them widens.
 */
public final class MemberBookings {
  private final BookingStore bookings;
  private final MemberProfileStore profiles;

  public MemberBookings(BookingStore bookings, MemberProfileStore profiles) {
    this.bookings = bookings;
    this.profiles = profiles;
  }

  /** The booking, if it is the member's (the profile is read only for someone else's id). */
  public Optional<Booking> find(String userId, String bookingId) {
    return bookings
        .findLead(bookingId)
        .filter(b -> b.userId().equals(userId) || profiles.profile(userId).owns(b.userId()));
  }

  /** Whether fairslot knows {@code userId} as a member: they have written their profile. */
  public boolean known(String userId) {
    return profiles.profile(userId).version() > 0;
  }

  /** The member's own bookings, newest first, then each linked walk-in profile's. */
  public Page<Booking> list(String userId, PageRequest page) {
    Page<Booking> all =
        ConcatenatedPages.page(profiles.profile(userId).owners(), page, bookings::bookingsOf);
    // A booking of several slots is listed once, as its lead (a page may come out shorter).
    return new Page<>(
        all.items().stream().filter(b -> !b.isOtherLine()).toList(), all.nextCursor());
  }
}
