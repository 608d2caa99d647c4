package fairslot.handler.http;

import fairslot.kernel.VenueTime;
import java.time.Instant;

/**
 * The waitlist's response bodies. Records keep field order stable, so bodies replay byte for byte.
 */
public final class WaitlistViews {
  private WaitlistViews() {}

  public record WaitlistJoinView(String entryId, int position, String status) {}

  /** {@code position} is the live place in line while WAITING (1 = next), 0 once out of line. */
  public record WaitlistEntryView(
      String entryId, int position, String status, String offerExpiresAt, String bookingId) {
    public static WaitlistEntryView of(
        fairslot.waitlist.app.WaitlistService.Place place, Instant now, java.time.ZoneId zone) {
      var e = place.entry();
      var status = e.statusAt(now);
      return new WaitlistEntryView(
          e.entryId(),
          place.position(),
          status.name(),
          status == fairslot.waitlist.domain.WaitlistStatus.OFFERED
              ? e.offerExpiresAt().map(t -> VenueTime.show(t, zone)).orElse(null)
              : null,
          e.bookingId().orElse(null));
    }
  }
}
